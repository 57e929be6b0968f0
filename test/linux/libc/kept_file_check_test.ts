/**
 * `src/linux/libc/kept_file_check.ts`: the `struct statx` offsets and constants it uses, checked
 * against this machine's kernel headers with a probe built by `cc`; `stillLinked` on real files
 * (kept, removed, replaced by a rename, rewritten in place; a failing call and a reply without
 * the link count read as gone); `rootMoved` on a symlinked root repointed at another tree; and
 * the plan per root: procfs unchecked, a plain tree checked,
 * none with the reopen hook or without `statx`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  AT_EMPTY_PATH,
  keepOpenPlan,
  KeptFileCheck,
  loadStatx,
  STATX_BYTES,
  STATX_DEV_MAJOR_OFFSET,
  STATX_DEV_MINOR_OFFSET,
  STATX_INO,
  STATX_INO_OFFSET,
  STATX_MASK_OFFSET,
  STATX_NLINK,
  STATX_NLINK_OFFSET,
  type StatxCall,
} from "../../../src/linux/libc/kept_file_check.ts";
import { AT_FDCWD, loadLibc, OPEN_READ_FLAGS } from "../../../src/linux/libc/libc_binding.ts";
import { compileAndRunProbe, FakeCLibrary, probeLines } from "../../fakes/c_library.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const PROBE = `#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/stat.h>
#include "${new URL("../../fakes/layout_probe.h", import.meta.url).pathname}"
typedef struct statx statx_t; /* one word: the probe's keys split at spaces */
int main(void) {
  SIZE(statx_t);
  OFF(statx_t, stx_mask);
  OFF(statx_t, stx_nlink);
  OFF(statx_t, stx_ino);
  OFF(statx_t, stx_dev_major);
  OFF(statx_t, stx_dev_minor);
  LEN(statx_t, stx_ino);
  LEN(statx_t, stx_dev_major);
  LEN(statx_t, stx_mask);
  LEN(statx_t, stx_nlink);
  CONST(STATX_NLINK);
  CONST(STATX_INO);
  CONST(AT_EMPTY_PATH);
  return 0;
}
`;

/** Why the probe cannot be built here (no `cc`, not Linux), or null. */
const ccMissing = new FakeCLibrary("statx layout probe", ["linux"], "gputop-statx-")
  .unavailableReason();

Deno.test({
  name: "kept file check: struct statx layout and constants match the C headers" +
    (ccMissing === null ? "" : ` (skipped: ${ccMissing})`),
  ignore: ccMissing !== null,
  fn: statxLayoutMatches,
});

async function statxLayoutMatches(): Promise<void> {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-statx-probe-" });
  try {
    const source = join(dir, "statx_probe.c");
    Deno.writeTextFileSync(source, PROBE);
    const values = new Map(probeLines(await compileAndRunProbe([], source)));
    assert.deepEqual(Object.fromEntries(values), {
      "statx_t.size": String(STATX_BYTES),
      "statx_t.stx_mask": String(STATX_MASK_OFFSET),
      "statx_t.stx_nlink": String(STATX_NLINK_OFFSET),
      "statx_t.stx_ino": String(STATX_INO_OFFSET),
      "statx_t.stx_dev_major": String(STATX_DEV_MAJOR_OFFSET),
      "statx_t.stx_dev_minor": String(STATX_DEV_MINOR_OFFSET),
      "statx_t.stx_ino.length": "8",
      "statx_t.stx_dev_major.length": "4",
      "statx_t.stx_mask.length": "4",
      "statx_t.stx_nlink.length": "4",
      "const.STATX_NLINK": String(STATX_NLINK),
      "const.STATX_INO": String(STATX_INO),
      "const.AT_EMPTY_PATH": String(AT_EMPTY_PATH),
    });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

function openForRead(path: string): number {
  const libc = loadLibc()!;
  const fd = libc.openat(AT_FDCWD, new TextEncoder().encode(`${path}\0`), OPEN_READ_FLAGS);
  assert.ok(fd >= 0, path);
  return fd;
}

Deno.test("kept file check: linked, removed, renamed over, rewritten in place", () =>
  withTempDir((dir) => {
    const statx = loadStatx(loadLibc()!.name);
    assert.notEqual(statx, null, "glibc ≥ 2.28 here");
    const check = new KeptFileCheck(statx!, dir);
    const libc = loadLibc()!;
    const path = join(dir, "f");
    Deno.writeTextFileSync(path, "one");
    const kept = openForRead(path);
    assert.equal(check.stillLinked(kept), true);
    Deno.writeTextFileSync(path, "two"); // in place: the same inode
    assert.equal(check.stillLinked(kept), true);
    Deno.writeTextFileSync(join(dir, "g"), "three");
    Deno.renameSync(join(dir, "g"), path); // replaced: the kept inode lost its last link
    assert.equal(check.stillLinked(kept), false);
    libc.close(kept);
    const again = openForRead(path);
    Deno.removeSync(path);
    assert.equal(check.stillLinked(again), false, "removed");
    libc.close(again);
    assert.equal(check.stillLinked(again), false, "a closed fd: the call fails");
  }));

Deno.test("kept file check: a reply without the link count in stx_mask reads as gone", () => {
  const reply = (mask: number, links: number): StatxCall => (_fd, _path, flags, want, buffer) => {
    assert.equal(flags, AT_EMPTY_PATH);
    assert.equal(want, STATX_NLINK);
    const view = new DataView(buffer.buffer, buffer.byteOffset);
    view.setUint32(STATX_MASK_OFFSET, mask, true);
    view.setUint32(STATX_NLINK_OFFSET, links, true);
    return 0;
  };
  assert.equal(new KeptFileCheck(reply(STATX_NLINK, 1), "/x").stillLinked(3), true);
  assert.equal(new KeptFileCheck(reply(0, 1), "/x").stillLinked(3), false);
  assert.equal(new KeptFileCheck(reply(STATX_NLINK, 0), "/x").stillLinked(3), false);
  assert.equal(new KeptFileCheck(() => -1, "/x").stillLinked(3), false);
});

Deno.test("kept file check: rootMoved sees a symlinked root repointed or a directory renamed over it", () =>
  withTempDir((dir) => {
    for (const tree of ["a", "b"]) Deno.mkdirSync(join(dir, tree));
    const root = join(dir, "proc");
    Deno.symlinkSync(join(dir, "a"), root);
    const check = new KeptFileCheck(loadStatx(loadLibc()!.name)!, root);
    assert.equal(check.rootMoved(), false, "the first call records the root");
    assert.equal(check.rootMoved(), false, "the same directory");
    Deno.removeSync(root);
    Deno.symlinkSync(join(dir, "b"), root);
    assert.equal(check.rootMoved(), true, "repointed at another tree");
    assert.equal(check.rootMoved(), false);
    Deno.removeSync(root);
    assert.equal(check.rootMoved(), true, "gone: a failed call");
    Deno.mkdirSync(root);
    assert.equal(check.rootMoved(), false, "after a failure, recorded afresh");
    Deno.mkdirSync(join(dir, "c"));
    Deno.removeSync(root);
    Deno.renameSync(join(dir, "c"), root);
    assert.equal(check.rootMoved(), true, "another directory renamed into place");
  }));

Deno.test("keepOpenPlan: procfs unchecked, plain tree checked, none by hook or without statx", () =>
  withTempDir((dir) => {
    const name = loadLibc()!.name;
    assert.deepEqual(keepOpenPlan("/proc", name), { check: null });
    assert.ok(keepOpenPlan(dir, name)?.check instanceof KeptFileCheck);
    assert.equal(keepOpenPlan(dir, name, { reopenFiles: true }), null);
    assert.equal(keepOpenPlan("/proc", name, { reopenFiles: true }), null);
    assert.equal(keepOpenPlan(dir, name, { statx: null }), null, "a libc without statx");
    const statxOnly = keepOpenPlan(dir, name, { inotify: null })?.check;
    assert.ok(statxOnly instanceof KeptFileCheck, "a libc without inotify: statx alone");
    assert.deepEqual(keepOpenPlan("/proc", name, { statx: null }), { check: null });
    assert.equal(loadStatx("/nonexistent/libc.so.6"), null);
  }));
