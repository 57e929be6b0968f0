/**
 * src/mod.ts is the public API only, and importing it has no side effect: run in a process
 * with no permissions at all, an import that read a file, an environment variable, or
 * loaded a library would be refused and fail.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { runDeno } from "./support/run_cli.ts";

const MOD = new URL("../src/mod.ts", import.meta.url).href;
const CONFIG = fileURLToPath(new URL("../deno.json", import.meta.url));
const RUN = ["run", "--no-prompt", "--frozen", "--cached-only", "--config", CONFIG];

Deno.test("src/mod.ts exports readSnapshot, watchSnapshots and selfUsage, nothing internal", async () => {
  const mod = await import(MOD);
  assert.deepEqual(Object.keys(mod).sort(), ["readSnapshot", "selfUsage", "watchSnapshots"]);
});

Deno.test("importing src/mod.ts needs no permission (reads no file, loads no library)", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const script = `${dir}/import_only.ts`;
    Deno.writeTextFileSync(
      script,
      `import * as gputop from ${JSON.stringify(MOD)};\n` +
        `console.log(Object.keys(gputop).length);\n`,
    );
    const result = await runDeno([...RUN, script]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim(), "3");
    // And the check can fail: a module that reads a file when imported is refused.
    Deno.writeTextFileSync(
      `${dir}/reads.ts`,
      `export const text = Deno.readTextFileSync("${script}");\n`,
    );
    Deno.writeTextFileSync(script, `import "./reads.ts";\nimport ${JSON.stringify(MOD)};\n`);
    const reading = await runDeno([...RUN, script]);
    assert.notEqual(reading.code, 0);
    assert.match(reading.stderr, /NotCapable|PermissionDenied|Requires/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
