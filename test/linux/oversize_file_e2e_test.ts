/**
 * Files far larger than any real /proc file, inside a user-given --proc-root, end to end
 * through the CLI: an fdinfo over 256 KiB is skipped and counted in the drm backend's detail
 * with its reason; a status over 256 KiB is unknown; a 1.5 MiB command line (a long Java or
 * torchrun one is kilobytes; this is well past it) is still kept whole.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Snapshot } from "../../src/model/types.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { copyTree, procRootOf, sysRootOf } from "./sysfs/fixture_tree.ts";

/** One line longer than the 256 KiB cap, after the file's real text. */
function padPastCap(path: string): void {
  const text = Deno.readTextFileSync(path);
  Deno.writeTextFileSync(path, `${text}padding: ${"x".repeat(300 * 1024)}\n`);
}

Deno.test("an fdinfo over 256 KiB is skipped and counted; a 1.5 MiB cmdline is kept", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-oversize-" });
  try {
    const sys = join(dir, "sys");
    const proc = join(dir, "proc");
    copyTree(sysRootOf("amdgpu-discrete"), sys);
    copyTree(procRootOf("amdgpu-discrete"), proc);
    // glxgears' DRM client (id 30) is seen through 2001/fdinfo/4, 2001/fdinfo/5 and its
    // fork's 2002/fdinfo/4: all three are padded past the cap, so no client is left.
    for (const fd of ["2001/fdinfo/4", "2001/fdinfo/5", "2002/fdinfo/4"]) {
      padPastCap(join(proc, fd));
    }
    padPastCap(join(proc, "2217", "status"));
    const longArgument = "a".repeat(1536 * 1024);
    Deno.writeTextFileSync(join(proc, "2217", "cmdline"), `python3\0${longArgument}\0`);

    const result = await runCli([
      "--json",
      "--backends",
      "drm",
      "--sys-root",
      sys,
      "--proc-root",
      proc,
    ]);
    assert.equal(result.code, 0, result.stderr);
    const snapshot = parseJsonOutput(result) as Snapshot;
    const drm = snapshot.backends.find((backend) => backend.id === "drm");
    assert.match(drm?.detail ?? "", /\b3 DRM fds skipped: fdinfo over 256 KiB\b/);
    assert.equal(snapshot.processes.find((p) => p.pid === 2001), undefined);
    assert.equal(snapshot.processes.find((p) => p.pid === 2002), undefined);
    const python = snapshot.processes.find((p) => p.pid === 2217);
    assert.ok(python, "pid 2217 is still listed");
    assert.equal(python.command, `python3 ${longArgument}`, "the long command line, whole");
    assert.equal(python.name, "python3", "comm is still read");
    assert.equal(python.user, null, "status over its cap: unknown");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
