/**
 * The final guard end to end: a DRM client whose fdinfo claims an absurd amount of memory
 * (`99999999999999999999999 KiB`, about 1.024e26 bytes) must not reach the JSON or the table;
 * the output still validates against `gputop schema`, and the drm backend's detail counts it
 * (the fdinfo parser drops it; the final guard stays behind it for every other source).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Snapshot } from "../../src/model/types.ts";
import { copyTree, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";

const HUGE = "99999999999999999999999 KiB";

/** amdgpu-discrete with pid 2001's VRAM figures replaced by `value`. */
function hostileTree(value = HUGE): { dir: string; args: string[] } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-hostile-" });
  copyTree(procRootOf("amdgpu-discrete"), join(dir, "proc"));
  copyTree(sysRootOf("amdgpu-discrete"), join(dir, "sys"));
  const fdinfo = join(dir, "proc", "2001", "fdinfo", "4");
  const text = Deno.readTextFileSync(fdinfo).replaceAll("544428 KiB", value);
  Deno.writeTextFileSync(fdinfo, text);
  const args = ["--backends", "drm", "--proc-root", join(dir, "proc"), "--sys-root"];
  return { dir, args: [...args, join(dir, "sys")] };
}

Deno.test("a huge fdinfo value becomes null, is counted, and the output keeps the schema", async () => {
  const validate = await schemaValidator();
  const tree = hostileTree();
  try {
    for (const command of ["snapshot", "ps"]) {
      const result = await runCli([command, "--json", ...tree.args]);
      assert.equal(result.code, 0, result.stderr);
      assert.ok(!/e\+\d/.test(result.stdout), "no exponent notation in the JSON");
      const output = parseJsonOutput(result);
      const verdict = validate(output);
      assert.ok(verdict.ok, verdict.errors);
      const snapshot = output as Snapshot;
      const process = snapshot.processes.find((p) => p.pid === 2001);
      assert.ok(process, "pid 2001 is still listed");
      assert.equal(process.gpuMemoryBytes, null);
      // The fdinfo parser already refuses the value (it is not a safe integer): the three
      // lines that carry it in a parsed key (drm-total-vram, drm-resident-vram,
      // drm-memory-vram) are counted, so the final guard has nothing left to drop.
      const drm = snapshot.backends.find((b) => b.id === "drm");
      assert.match(drm?.detail ?? "", /^3 fdinfo values not usable \(malformed or too large\)/);
    }
    const table = await runCli(["ps", ...tree.args]);
    assert.equal(table.code, 0, table.stderr);
    assert.ok(!/EiB|e\+\d/.test(table.stdout), table.stdout);
  } finally {
    Deno.removeSync(tree.dir, { recursive: true });
  }
});

Deno.test("a 40 kB fdinfo value line: unknown memory, and ps sorts it after every known one", async () => {
  const validate = await schemaValidator();
  // 40,000 digits: Number() of it is Infinity, × 1024 still Infinity (JSON null). Five such
  // values keep the file under the 256 KiB read cap, so it is parsed (a larger file is skipped
  // whole and counted: test/linux/oversize_file_e2e_test.ts).
  const tree = hostileTree(`${"9".repeat(40_000)} KiB`);
  try {
    const result = await runCli(["ps", "--json", ...tree.args]);
    assert.equal(result.code, 0, result.stderr);
    const output = parseJsonOutput(result);
    const verdict = validate(output);
    assert.ok(verdict.ok, verdict.errors);
    const snapshot = output as Snapshot;
    // pid 2217 holds 2068 KiB = 2117632 bytes (its fdinfo); pid 2001's figure is now unknown.
    const rows = snapshot.processes.map((p) => [p.pid, p.gpuMemoryBytes]);
    assert.deepEqual(rows.at(-1), [2001, null], JSON.stringify(rows));
    assert.deepEqual(rows[0], [2217, 2117632]);
    const table = await runCli(["ps", "--no-header", ...tree.args]);
    const pids = table.stdout.trim().split("\n").map((line) => line.trim().split(/\s+/)[0]);
    assert.equal(pids.at(-1), "2001", table.stdout);
  } finally {
    Deno.removeSync(tree.dir, { recursive: true });
  }
});
