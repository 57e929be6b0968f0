/**
 * Kept-open fdinfo files in the incremental scan (libc path), on a generated tree (a plain
 * directory: kept files are checked by inotify watches on their directories, else `statx`,
 * `kept_file_check.ts`).
 * Values read through kept files follow rewrites; the bound caps the kept files and the fds
 * past it are read by opening them, with the same values; an exited pid's files are released;
 * `close()` releases all and a later scan keeps them again. A removed fdinfo, one removed and
 * written again, one replaced by a rename, a removed pid directory and one replaced by a
 * reused pid's are seen at the next incremental sample, with no full walk and no move of
 * `loadavg`. The reopen hook and a libc without `statx` keep none. What the kernel does to a
 * kept file whose fd closes is checked on real processes in
 * `test/linux/libc/libc_proc_reader_test.ts`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DrmClientScanner } from "../../../src/linux/fdinfo/scan_drm_clients.ts";
import { clientVramKiB, generateProcTree } from "../../../scripts/bench/proc_tree.ts";
import { withTempDir } from "../../support/temp_dir.ts";

const KiB = 1024;

function vramOf(scanner: DrmClientScanner, full: boolean): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const client of scanner.scan(full).clients) {
    out.set(client.key, client.fdinfo.memory["vram"]?.residentBytes ?? null);
  }
  return out;
}

function setVram(root: string, pid: number, fd: number, kib: number): void {
  const path = join(root, `${pid}/fdinfo/${fd}`);
  const text = Deno.readTextFileSync(path).replace(
    /drm-resident-vram:\t\d+ KiB/,
    `drm-resident-vram:\t${kib} KiB`,
  );
  Deno.writeTextFileSync(path, text); // the same file, rewritten: a kept descriptor sees it
}

Deno.test("kept fdinfo: bound, re-reads through kept files, reopening past the bound", () => {
  withTempDir((root) => {
    // 4 pids with 2 DRM fds each (fds 1 and 2; fd 0 is a socket).
    generateProcTree(root, { processes: 4, drmFds: 8, otherFds: 4 });
    const scanner = new DrmClientScanner(root, "/nonexistent/sys", true, { keepOpenLimit: 5 });
    assert.equal(scanner.readerKind, "libc");
    const first = vramOf(scanner, true);
    assert.equal(first.size, 8);
    assert.equal(scanner.keptOpenFiles, 5, "five kept, three past the bound");
    assert.equal([...first.values()][0], clientVramKiB(10_000, 1) * KiB);
    // Rewrite one fdinfo of a kept file (pid 10000) and one past the bound (pid 10003).
    setVram(root, 10_000, 1, 11);
    setVram(root, 10_003, 2, 33);
    const next = [...vramOf(scanner, false).values()];
    assert.equal(next.length, 8);
    assert.equal(next[0], 11 * KiB, "read again through the kept file");
    assert.equal(next[7], 33 * KiB, "read by opening it");
    assert.equal(scanner.keptOpenFiles, 5);
    // pid 10001 exits (and the kernel handed out a pid since, so start times are checked).
    Deno.removeSync(join(root, "10001"), { recursive: true });
    Deno.writeTextFileSync(join(root, "loadavg"), "0.0 0.0 0.0 1/4 10100\n");
    assert.equal(vramOf(scanner, false).size, 6);
    assert.equal(scanner.keptOpenFiles, 3, "the exited pid's kept files are released");
    // The next full walk keeps files up to the bound again (room freed by the exit).
    assert.equal(vramOf(scanner, true).size, 6);
    assert.equal(scanner.keptOpenFiles, 5);
    scanner.close();
    assert.equal(scanner.keptOpenFiles, 0, "close() releases every kept file");
    assert.equal(vramOf(scanner, false).size, 6, "scanning after close() still works");
    scanner.close();
  });
});

Deno.test("kept fdinfo: an fd whose number now names a non-DRM file is released", () => {
  withTempDir((root) => {
    generateProcTree(root, { processes: 1, drmFds: 2, otherFds: 1 });
    const scanner = new DrmClientScanner(root, "/nonexistent/sys", true);
    assert.equal(vramOf(scanner, true).size, 2);
    assert.equal(scanner.keptOpenFiles, 2);
    // fd 1 closed and reopened on a socket: procfs prints the new file's fdinfo.
    Deno.writeTextFileSync(
      join(root, "10000/fdinfo/1"),
      "pos:\t0\nflags:\t02\nmnt_id:\t9\nino:\t7\n",
    );
    assert.equal(vramOf(scanner, false).size, 1);
    assert.equal(scanner.keptOpenFiles, 1);
    scanner.close();
  });
});

Deno.test("kept fdinfo: none with the reopen hook, without statx, or in a one-shot scan", () => {
  withTempDir((root) => {
    generateProcTree(root, { processes: 2, drmFds: 4, otherFds: 2 });
    const kept = new DrmClientScanner(root, "/nonexistent/sys", true);
    assert.equal(vramOf(kept, true).size, 4);
    assert.equal(kept.keptOpenFiles, 4, "a plain tree keeps them by default (statx loads)");
    kept.close();
    for (
      const options of [{ reopenFiles: true }, { statx: null }] as const
    ) {
      const scanner = new DrmClientScanner(root, "/nonexistent/sys", true, options);
      assert.equal(vramOf(scanner, true).size, 4);
      setVram(root, 10_000, 1, 44);
      Deno.removeSync(join(root, "10001"), { recursive: true });
      const next = vramOf(scanner, false);
      assert.equal(scanner.keptOpenFiles, 0, JSON.stringify(options));
      assert.equal(next.size, 2, "the removed pid is dropped (reopened: ENOENT)");
      assert.equal([...next.values()][0], 44 * KiB);
      Deno.removeSync(root, { recursive: true });
      generateProcTree(root, { processes: 2, drmFds: 4, otherFds: 2 });
    }
    const oneShot = new DrmClientScanner(root, "/nonexistent/sys", false);
    oneShot.scan(true);
    assert.equal(oneShot.keptOpenFiles, 0);
  });
});
