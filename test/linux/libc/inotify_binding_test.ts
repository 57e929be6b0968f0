/**
 * `src/linux/libc/inotify_binding.ts`: its constants and `struct inotify_event` layout checked
 * against this machine's C headers (`<sys/inotify.h>`, `<errno.h>`, `<linux/limits.h>`) with a probe
 * built by `cc`; the calls load from the libc (and not from a missing file), and a watch on a
 * real directory reports a removed file.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import * as inotify from "../../../src/linux/libc/inotify_binding.ts";
import { loadLibc } from "../../../src/linux/libc/libc_binding.ts";
import { compileAndRunProbe, FakeCLibrary, probeLines } from "../../fakes/c_library.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const PROBE = `#include <errno.h>
#include <linux/limits.h>
#include <sys/inotify.h>
#include "${new URL("../../fakes/layout_probe.h", import.meta.url).pathname}"
typedef struct inotify_event event_t; /* one word: the probe's keys split at spaces */
#define NAME_BYTES (NAME_MAX + 1)
int main(void) {
  SIZE(event_t);
  OFF(event_t, wd);
  OFF(event_t, mask);
  OFF(event_t, len);
  LEN(event_t, wd);
  LEN(event_t, len);
  CONST(IN_NONBLOCK); CONST(IN_CLOEXEC); CONST(IN_MOVED_FROM); CONST(IN_MOVED_TO);
  CONST(IN_DELETE); CONST(IN_DELETE_SELF); CONST(IN_MOVE_SELF); CONST(IN_UNMOUNT);
  CONST(IN_Q_OVERFLOW); CONST(IN_IGNORED); CONST(IN_ONLYDIR); CONST(EAGAIN);
  CONST(NAME_BYTES);
  return 0;
}
`;

const ccMissing = new FakeCLibrary("inotify layout probe", ["linux"], "gputop-inotify-")
  .unavailableReason();

Deno.test({
  name: "inotify binding: constants and struct inotify_event match the C headers" +
    (ccMissing === null ? "" : ` (skipped: ${ccMissing})`),
  ignore: ccMissing !== null,
  fn: async () => {
    const dir = Deno.makeTempDirSync({ prefix: "gputop-inotify-probe-" });
    try {
      const source = join(dir, "inotify_probe.c");
      Deno.writeTextFileSync(source, PROBE);
      const values = Object.fromEntries(probeLines(await compileAndRunProbe([], source)));
      const names = [
        "IN_NONBLOCK",
        "IN_CLOEXEC",
        "IN_MOVED_FROM",
        "IN_MOVED_TO",
        "IN_DELETE",
        "IN_DELETE_SELF",
        "IN_MOVE_SELF",
        "IN_UNMOUNT",
        "IN_Q_OVERFLOW",
        "IN_IGNORED",
        "IN_ONLYDIR",
        "EAGAIN",
      ] as const;
      assert.deepEqual(values, {
        "event_t.size": String(inotify.INOTIFY_EVENT_BYTES),
        "event_t.wd": "0",
        "event_t.mask": "4",
        "event_t.len": String(inotify.INOTIFY_EVENT_LEN_OFFSET),
        "event_t.wd.length": "4",
        "event_t.len.length": "4",
        ...Object.fromEntries(names.map((name) => [`const.${name}`, String(inotify[name])])),
        "const.NAME_BYTES": String(inotify.INOTIFY_NAME_MAX_BYTES),
      });
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});

Deno.test("inotify binding: loads from the libc; a watched directory reports a removed file", () =>
  withTempDir((dir) => {
    assert.equal(inotify.loadInotify("/nonexistent/libc.so.6"), null);
    const calls = inotify.loadInotify(loadLibc()!.name);
    assert.notEqual(calls, null, "glibc and musl export the inotify calls");
    const fd = calls!.init(inotify.IN_NONBLOCK | inotify.IN_CLOEXEC);
    assert.ok(fd >= 0);
    const events = new Uint8Array(4096);
    try {
      Deno.writeTextFileSync(join(dir, "f"), "x");
      const wd = calls!.addWatch(fd, new TextEncoder().encode(`${dir}\0`), inotify.IN_DELETE);
      assert.ok(wd >= 0);
      assert.equal(calls!.read(fd, events), -1, "nothing queued: EAGAIN, not a blocked read");
      assert.equal(calls!.errno(), inotify.EAGAIN);
      Deno.removeSync(join(dir, "f"));
      const length = calls!.read(fd, events);
      const view = new DataView(events.buffer);
      assert.ok(length >= inotify.INOTIFY_EVENT_BYTES + 2, `read ${length}`);
      assert.equal(view.getInt32(0, true), wd);
      assert.equal(view.getUint32(4, true), inotify.IN_DELETE);
      assert.equal(events[inotify.INOTIFY_EVENT_BYTES], "f".charCodeAt(0));
      assert.equal(calls!.rmWatch(fd, wd), 0);
    } finally {
      calls!.close(fd);
    }
  }));
