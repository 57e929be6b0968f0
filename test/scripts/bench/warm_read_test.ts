import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { generateProcTree } from "../../../scripts/bench/proc_tree.ts";
import { scenarioRootOf } from "../../linux/sysfs/fixture_tree.ts";

const WARM_READ = fileURLToPath(new URL("../../../scripts/bench/warm_read.ts", import.meta.url));

Deno.test("warm_read reads every GPU process of a generated tree once per iteration", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    // 12 processes, each holding at least one of the 30 DRM fds (the generator spreads them).
    generateProcTree(`${dir}/proc`, { processes: 12, drmFds: 30, otherFds: 20 });
    const sys = `${scenarioRootOf("amdgpu-discrete")}/sys`;
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--cached-only", WARM_READ, `${dir}/proc`, sys, "3"],
    }).output();
    assert.equal(code, 0, new TextDecoder().decode(stderr));
    const lines = new TextDecoder().decode(stdout).trim().split("\n");
    assert.equal(lines.length, 3);
    for (const line of lines) {
      const match = /^ms (\d+\.\d\d) processes (\d+)$/.exec(line);
      assert.ok(match, line);
      assert.ok(Number(match[1]) > 0);
      assert.equal(match[2], "12");
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("warm_read without its roots says how to run it and exits 2", async () => {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", WARM_READ],
  }).output();
  assert.equal(code, 2);
  assert.match(new TextDecoder().decode(stderr), /^usage: warm_read\.ts PROC_ROOT SYS_ROOT/);
});

Deno.test("warm_read with an iteration count that is not a positive integer exits 2", async () => {
  for (const iterations of ["0", "two", "1.5"]) {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--cached-only", WARM_READ, "/proc", "/sys", iterations],
    }).output();
    assert.equal(code, 2, iterations);
    assert.match(new TextDecoder().decode(stderr), /^usage: warm_read\.ts/);
  }
});
