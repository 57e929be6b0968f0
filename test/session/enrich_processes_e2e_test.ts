/**
 * Through the CLI: `watch` (a long-running session) keeps the command line it read for a
 * process instance; a one-shot `--json` reads it afresh. Fixture: amdgpu-discrete's pid 2001
 * (cmdline "glxgears\0-fullscreen\0", no stat file) copied into a scratch /proc.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../support/run_cli.ts";
import { spawnCli } from "../support/watch_cli.ts";
import { copyTree, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";

interface Line {
  processes: { pid: number; command: string | null; user: string | null }[];
}

Deno.test("watch keeps a known process's command line; a one-shot reading shows the new one", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-enrich-e2e-" });
  try {
    const procRoot = join(dir, "proc");
    copyTree(join(procRootOf("amdgpu-discrete"), "2001"), join(procRoot, "2001"));
    const where = [
      "--backends",
      "drm",
      "--proc-root",
      procRoot,
      "--sys-root",
      sysRootOf("amdgpu-discrete"),
    ];
    const run = spawnCli(["watch", "--json", "--interval", "1s", "--count", "2", ...where], {});
    const [first] = await run.lines(1);
    // Changed after the first line; the second comes about 1 s later.
    Deno.writeTextFileSync(join(procRoot, "2001", "cmdline"), "glxgears\0-info\0");
    const rest = await run.rest();
    const status = await run.child.status;
    const lines = [first!, ...rest.split("\n").slice(1)].filter((l) => l !== "")
      .map((l) => JSON.parse(l) as Line);
    assert.equal(status.code, 0, await run.stderr());
    assert.deepEqual(lines.map((l) => l.processes.map((p) => [p.pid, p.command])), [
      [[2001, "glxgears -fullscreen"]],
      [[2001, "glxgears -fullscreen"]],
    ]);
    const oneShot = await runCli(["--json", ...where]);
    assert.equal(oneShot.code, 0, oneShot.stderr);
    const snapshot = JSON.parse(oneShot.stdout) as Line;
    assert.deepEqual(snapshot.processes.map((p) => [p.pid, p.command]), [[2001, "glxgears -info"]]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
