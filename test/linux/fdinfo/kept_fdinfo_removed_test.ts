/**
 * Kept-open fdinfo files on a plain tree (`src/linux/libc/kept_file_check.ts`), in a
 * long-running sampler: a kept file removed, removed and written again, replaced by a rename,
 * its pid directory removed or replaced by a reused pid's — each is seen at the next
 * incremental sample (no full walk, `loadavg` unchanged), read by path, never from the stale
 * descriptor. Both scan paths give the same samples.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DrmProcessSampler } from "../../../src/linux/fdinfo/drm_process_sampler.ts";
import { DrmClientScanner } from "../../../src/linux/fdinfo/scan_drm_clients.ts";
import { clientVramKiB, generateProcTree } from "../../../scripts/bench/proc_tree.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const KiB = 1024;
const SYS = "/nonexistent/sys";

/** Client key → resident VRAM, from an incremental (or full) scan. */
function vramOf(scanner: DrmClientScanner, full: boolean): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const client of scanner.scan(full).clients) {
    out.set(`${client.pid}/${client.key}`, client.fdinfo.memory["vram"]?.residentBytes ?? null);
  }
  return out;
}

function fdinfoPath(root: string, pid: number, fd: number): string {
  return join(root, `${pid}/fdinfo/${fd}`);
}

/** The fdinfo text of (pid, fd) with its resident VRAM set to `kib`. */
function withVram(root: string, pid: number, fd: number, kib: number): string {
  return Deno.readTextFileSync(fdinfoPath(root, pid, fd)).replace(
    /drm-resident-vram:\t\d+ KiB/,
    `drm-resident-vram:\t${kib} KiB`,
  );
}

/** Two scanners (libc, ops) over a 3-pid tree (DRM fds 1 and 2 each), after a full walk. */
function scanners(root: string): [DrmClientScanner, DrmClientScanner] {
  generateProcTree(root, { processes: 3, drmFds: 6, otherFds: 3 });
  const libc = new DrmClientScanner(root, SYS, true);
  const ops = new DrmClientScanner(root, SYS, true, { scan: "ops" });
  assert.equal(libc.readerKind, "libc");
  assert.deepEqual(vramOf(libc, true), vramOf(ops, true));
  assert.equal(libc.keptOpenFiles, 6, "kept open on a plain tree");
  return [libc, ops];
}

/** An incremental sample on both paths: equal, and the libc path's returned. */
function incremental(libc: DrmClientScanner, ops: DrmClientScanner, step: string) {
  const viaLibc = vramOf(libc, false);
  assert.deepEqual(viaLibc, vramOf(ops, false), step);
  return viaLibc;
}

Deno.test("kept fdinfo, plain tree: a removed file drops its client at the next sample", () =>
  withTempDir((root) => {
    const [libc, ops] = scanners(root);
    Deno.removeSync(fdinfoPath(root, 10_000, 1));
    const next = incremental(libc, ops, "fdinfo removed");
    assert.equal(next.size, 5);
    assert.ok(![...next.keys()].some((key) => key.startsWith("10000/") && key.endsWith("/1")));
    assert.equal(libc.keptOpenFiles, 5, "its kept file is closed");
    libc.close();
  }));

Deno.test("kept fdinfo, plain tree: removed and written again, or renamed over: the new text", () =>
  withTempDir((root) => {
    const [libc, ops] = scanners(root);
    const recreated = withVram(root, 10_000, 1, 111);
    Deno.removeSync(fdinfoPath(root, 10_000, 1));
    Deno.writeTextFileSync(fdinfoPath(root, 10_000, 1), recreated);
    const renamed = withVram(root, 10_001, 2, 222);
    Deno.writeTextFileSync(join(root, "staged"), renamed);
    Deno.renameSync(join(root, "staged"), fdinfoPath(root, 10_001, 2));
    const inPlace = withVram(root, 10_002, 1, 333);
    Deno.writeTextFileSync(fdinfoPath(root, 10_002, 1), inPlace); // same inode, truncated
    const values = [...incremental(libc, ops, "recreated, renamed, rewritten").values()];
    assert.deepEqual(values, [
      111 * KiB,
      clientVramKiB(10_000, 2) * KiB,
      clientVramKiB(10_001, 1) * KiB,
      222 * KiB,
      333 * KiB,
      clientVramKiB(10_002, 2) * KiB,
    ]);
    assert.equal(libc.keptOpenFiles, 6, "the new files are kept in turn");
    const again = [...incremental(libc, ops, "read again through the new kept files").values()];
    assert.deepEqual(again, values);
    libc.close();
  }));

Deno.test("kept fdinfo, plain tree: a removed pid directory, and one replaced by a reused pid's", () =>
  withTempDir((root) => {
    const [libc, ops] = scanners(root);
    Deno.removeSync(join(root, "10001"), { recursive: true }); // exited
    // 10002 exited and its pid was handed out again: a new process's files, with other VRAM.
    const other = join(root, "..", `${root.split("/").pop()}-reused`);
    try {
      generateProcTree(other, { processes: 3, drmFds: 6, otherFds: 3 });
      for (const fd of [1, 2]) {
        Deno.writeTextFileSync(
          fdinfoPath(other, 10_002, fd),
          withVram(other, 10_002, fd, 900 + fd),
        );
      }
      Deno.removeSync(join(root, "10002"), { recursive: true });
      Deno.renameSync(join(other, "10002"), join(root, "10002"));
    } finally {
      Deno.removeSync(other, { recursive: true });
    }
    const next = incremental(libc, ops, "exited and reused pids");
    assert.deepEqual([...next.keys()].map((key) => key.split("/")[0]), [
      "10000",
      "10000",
      "10002",
      "10002",
    ]);
    assert.deepEqual([...next.values()].slice(2), [901 * KiB, 902 * KiB], "the reused pid's");
    assert.equal(libc.keptOpenFiles, 4);
    libc.close();
  }));

Deno.test("kept fdinfo, plain tree: the DRM sampler drops a removed client's usage", () =>
  withTempDir((root) => {
    generateProcTree(root, { processes: 2, drmFds: 2, otherFds: 0 });
    const clock = { now: 0 };
    const sampler = new DrmProcessSampler({
      procRoot: root,
      sysRoot: SYS,
      nowMs: () => clock.now,
      rescanIntervalMs: 2000,
    });
    const pids = () => sampler.sample().usages.map((usage) => usage.pid);
    assert.deepEqual(pids(), [10_000, 10_001]);
    clock.now += 100;
    Deno.removeSync(join(root, "10001"), { recursive: true });
    assert.deepEqual(pids(), [10_000], "gone at the next (incremental) sample");
    sampler.close();
  }));

Deno.test("kept fdinfo, plain tree: a root symlink repointed at another tree reads the new one", () =>
  withTempDir((dir) => {
    const root = join(dir, "proc");
    generateProcTree(join(dir, "a"), { processes: 2, drmFds: 2, otherFds: 0 });
    generateProcTree(join(dir, "b"), { processes: 2, drmFds: 2, otherFds: 0 });
    const changed = withVram(join(dir, "b"), 10_000, 0, 555);
    Deno.writeTextFileSync(fdinfoPath(join(dir, "b"), 10_000, 0), changed);
    Deno.symlinkSync(join(dir, "a"), root);
    const libc = new DrmClientScanner(root, SYS, true);
    const ops = new DrmClientScanner(root, SYS, true, { scan: "ops" });
    assert.deepEqual(vramOf(libc, true), vramOf(ops, true));
    assert.equal(libc.keptOpenFiles, 2);
    Deno.removeSync(root);
    Deno.symlinkSync(join(dir, "b"), root);
    const next = incremental(libc, ops, "root repointed");
    assert.equal([...next.values()][0], 555 * KiB, "tree b's file, not the kept one of a");
    assert.equal(libc.keptOpenFiles, 2, "kept again, from the new tree");
    libc.close();
  }));
