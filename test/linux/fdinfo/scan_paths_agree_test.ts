/**
 * The two ways the DRM client scan reads /proc (libc through FFI, Deno's ops) give the same
 * scan: the same clients (pid, device, key, every parsed value), unreadable and oversize counts,
 * on every committed fixture tree, on a generated tree, and through a sequence of incremental
 * samples over a tree that changes between them (fdinfo rewritten, fd closed, pid exited, pid
 * reused, new pid). Also: where libc cannot be loaded the scan falls back to the ops path.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type DrmClientScan,
  DrmClientScanner,
  scanDrmClients,
} from "../../../src/linux/fdinfo/scan_drm_clients.ts";
import { FIXTURES_LINUX, procRootOf, sysRootOf } from "../sysfs/fixture_tree.ts";
import { generateProcTree } from "../../../scripts/bench/proc_tree.ts";
import { withTempDir } from "../../support/temp_dir.ts";

/** A scan as comparable text. */
function scanText(scan: DrmClientScan): string {
  return JSON.stringify(scan);
}

function fixtureScenarios(): string[] {
  const names: string[] = [];
  for (const entry of Deno.readDirSync(FIXTURES_LINUX)) {
    if (entry.isDirectory) names.push(entry.name);
  }
  return names.sort();
}

Deno.test("scan paths agree: a full scan of every fixture tree", () => {
  let clients = 0;
  const scenarios = fixtureScenarios();
  assert.ok(scenarios.length >= 19, `${scenarios.length} scenarios`);
  for (const scenario of scenarios) {
    const sys = scenario.endsWith("-later") ? "/nonexistent/sys" : sysRootOf(scenario);
    const libc = new DrmClientScanner(procRootOf(scenario), sys);
    assert.equal(libc.readerKind, "libc");
    const viaLibc = libc.scan(true);
    const viaOps = scanDrmClients(procRootOf(scenario), sys, { scan: "ops" });
    assert.equal(scanText(viaLibc), scanText(viaOps), scenario);
    clients += viaLibc.clients.length;
  }
  assert.ok(clients >= 20, `only ${clients} clients over all fixtures`);
});

Deno.test("scan paths agree: a generated tree (100 pids, 300 DRM fds, 200 other fds)", () => {
  withTempDir((root) => {
    generateProcTree(root, { processes: 100, drmFds: 300, otherFds: 200 });
    const openFds = () => [...Deno.readDirSync("/proc/self/fd")].length;
    const before = openFds();
    const viaLibc = scanDrmClients(root, "/nonexistent/sys");
    assert.equal(viaLibc.clients.length, 300);
    assert.equal(openFds(), before, "a one-shot scan leaves no file open (its last fd directory)");
    assert.equal(
      scanText(viaLibc),
      scanText(scanDrmClients(root, "/nonexistent/sys", { scan: "ops" })),
    );
  });
});

/** The generated tree's fdinfo of (pid, fd) with its VRAM line changed to `kib`. */
function rewriteVram(root: string, pid: number, fd: number, kib: number): void {
  const path = join(root, `${pid}/fdinfo/${fd}`);
  const text = Deno.readTextFileSync(path);
  Deno.writeTextFileSync(
    path,
    text.replace(/drm-resident-vram:\t\d+ KiB/, `drm-resident-vram:\t${kib} KiB`),
  );
}

Deno.test("scan paths agree: incremental samples over a tree that changes", () => {
  withTempDir((root) => {
    generateProcTree(root, { processes: 20, drmFds: 40, otherFds: 20 });
    const libc = new DrmClientScanner(root, "/nonexistent/sys", true);
    const ops = new DrmClientScanner(root, "/nonexistent/sys", true, { scan: "ops" });
    const both = (full: boolean, step: string) => {
      const viaLibc = libc.scan(full);
      assert.equal(scanText(viaLibc), scanText(ops.scan(full)), step);
      return viaLibc;
    };
    both(true, "first walk");
    rewriteVram(root, 10_000, 1, 777); // pid 10000: fds 0 (socket), 1, 2 (DRM)
    Deno.removeSync(join(root, "10001/fd/2")); // an fd closed between walk and read…
    Deno.removeSync(join(root, "10001/fdinfo/2"));
    Deno.removeSync(join(root, "10002"), { recursive: true }); // an exit
    const changed = both(false, "changed fdinfo, closed fd, exited pid");
    const vram = changed.clients.find((c) => c.pid === 10_000)?.fdinfo.memory["vram"];
    assert.equal(vram?.residentBytes, 777 * 1024, "the rewritten fdinfo was read");
    assert.ok(!changed.clients.some((c) => c.pid === 10_002), "the exited pid is gone");
    // pid 10003 reused: a new start time, and the kernel handed out a new pid.
    const stat = join(root, "10003/stat");
    const statText = Deno.readTextFileSync(stat);
    assert.ok(statText.includes(" 100030 "), statText); // start time: pid × 10
    Deno.writeTextFileSync(stat, statText.replace(" 100030 ", " 999999 "));
    Deno.writeTextFileSync(join(root, "loadavg"), "0.50 0.40 0.30 1/20 10021\n");
    both(false, "reused pid");
    both(true, "full walk again");
    libc.close();
  });
});

Deno.test("scan paths: no loadable libc falls back to the ops path, with the same scan", () => {
  const scenario = "amdgpu-discrete";
  const missing = { libcCandidates: ["/nonexistent/libc.so.6", "libc.musl-none.so.1"] };
  const scanner = new DrmClientScanner(procRootOf(scenario), sysRootOf(scenario), true, missing);
  assert.equal(scanner.readerKind, "ops");
  assert.equal(
    scanText(scanner.scan(true)),
    scanText(scanDrmClients(procRootOf(scenario), sysRootOf(scenario))),
  );
  assert.equal(new DrmClientScanner("/proc", "/sys", true, { scan: "ops" }).readerKind, "ops");
});
