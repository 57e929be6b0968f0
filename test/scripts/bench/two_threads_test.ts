import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { generateProcTree } from "../../../scripts/bench/proc_tree.ts";
import { scenarioRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { PROCESS_FIELDS } from "../../../src/model/schema_ids.ts";

const TWO_THREADS = fileURLToPath(
  new URL("../../../scripts/bench/two_threads.ts", import.meta.url),
);

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--cached-only", TWO_THREADS, ...args],
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

Deno.test("two_threads: split reads the tree on both threads, single on one, alike", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    generateProcTree(`${dir}/proc`, { processes: 8, drmFds: 16, otherFds: 8 });
    generateProcTree(`${dir}/idle/proc`, { processes: 8, drmFds: 0, otherFds: 8 });
    const sys = `${scenarioRootOf("amdgpu-discrete")}/sys`;
    const single = await run(["single", `${dir}/proc`, sys]);
    assert.equal(single.code, 0, single.stderr);
    const length = single.stdout.trim();
    assert.match(length, /^\d+$/);
    const idle = await run(["single", `${dir}/idle/proc`, sys]);
    assert.equal(idle.code, 0, idle.stderr);
    // 8 GPU processes more than the idle tree: each at least every schema key on its own
    // indented line (`      "key": null,` and a newline: the key and 12 characters).
    const perProcess = PROCESS_FIELDS.reduce((sum, key) => sum + key.length + 12, 0);
    assert.ok(Number(length) - Number(idle.stdout) >= 8 * perProcess, `${length} ${idle.stdout}`);
    const split = await run(["split", `${dir}/proc`, sys]);
    assert.equal(split.code, 0, split.stderr);
    // Both threads read the same tree: two JSON texts of the same length as the one thread's.
    assert.equal(split.stdout, `${length} ${length}\n`);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("two_threads: a wrong mode says how to run it and exits 2", async () => {
  const result = await run(["both", "/proc", "/sys"]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /^usage: two_threads\.ts split\|single PROC_ROOT SYS_ROOT/);
});
