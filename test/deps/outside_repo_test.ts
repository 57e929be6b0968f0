/**
 * gputop used the ways a Deno user outside a clone would (issue 16): `deno run` of
 * src/main.ts, `deno install -g` of it, and a script importing src/mod.ts by absolute path
 * and by file:// URL — each from a temporary directory with no config file, so nothing
 * resolves through this repository's deno.json. `--cached-only` proves no network is needed
 * once the npm cache holds zod (the test run itself needed it).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readImportGraph } from "../support/import_graph.ts";
import { drmFixtureArgs, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { MAIN_TS, passThroughEnv, REPO_ROOT, runCommand, runDeno } from "../support/run_cli.ts";

const MOD_TS = join(REPO_ROOT, "src", "mod.ts");
// amdgpu-discrete: 8573157376 − 1490378752 = 7082778624 bytes free on its one card.
const FIXTURE_ARGS = drmFixtureArgs("amdgpu-discrete");

/** The child's whole environment: PATH, HOME, Deno's cache and NO_COLOR=1. */
function childEnv(): Record<string, string> {
  return passThroughEnv({ NO_COLOR: "1" });
}

async function inTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "gputop-outside-" });
  try {
    await fn(dir);
    // Nothing there but what the test wrote: no deno.json, no lockfile, no node_modules.
    for await (const entry of Deno.readDir(dir)) {
      assert.ok(!/^(deno\.jsonc?|deno\.lock|package\.json|node_modules)$/.test(entry.name));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function freeBytes(stdout: string): unknown {
  return (JSON.parse(stdout) as { devices: { memoryFreeBytes: unknown }[] }).devices[0]
    ?.memoryFreeBytes;
}

Deno.test("deno run -A <repo>/src/main.ts --json works from a directory with no config", async () => {
  await inTempDir(async (dir) => {
    const result = await runDeno(
      ["run", "-A", "--cached-only", MAIN_TS, "--json", ...FIXTURE_ARGS],
      { cwd: dir, env: childEnv(), clearEnv: true },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal(freeBytes(result.stdout), 7082778624);
  });
});

Deno.test("deno install -g -A -n gputop --root DIR <repo>/src/main.ts, then gputop runs", async () => {
  await inTempDir(async (dir) => {
    const root = join(dir, "root");
    const installed = await runDeno(
      ["install", "-g", "-A", "--cached-only", "-n", "gputop", "--root", root, MAIN_TS],
      { cwd: dir, env: childEnv(), clearEnv: true },
    );
    assert.equal(installed.code, 0, installed.stderr);
    const gputop = join(root, "bin", Deno.build.os === "windows" ? "gputop.cmd" : "gputop");
    const run = (args: string[]) =>
      runCommand(gputop, args, { cwd: dir, env: childEnv(), clearEnv: true });
    const version = await run(["version"]);
    assert.equal(version.code, 0, version.stderr);
    const config = JSON.parse(Deno.readTextFileSync(join(REPO_ROOT, "deno.json")));
    assert.equal(version.stdout.trim(), `gputop ${config.version}`);
    const json = await run(["--json", ...FIXTURE_ARGS]);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(freeBytes(json.stdout), 7082778624);
  });
});

for (
  const [how, specifier] of [["absolute path", MOD_TS], ["file:// URL", pathToFileURL(MOD_TS).href]]
) {
  Deno.test(`a script importing src/mod.ts by ${how} calls readSnapshot()`, async () => {
    await inTempDir(async (dir) => {
      const script = join(dir, "use_gputop.ts");
      Deno.writeTextFileSync(
        script,
        `import { readSnapshot } from ${JSON.stringify(specifier)};\n` +
          `const snapshot = await readSnapshot(${
            JSON.stringify({
              backends: ["drm"],
              sysRoot: sysRootOf("amdgpu-discrete"),
              procRoot: procRootOf("amdgpu-discrete"),
            })
          });\n` +
          `console.log(JSON.stringify({ schemaVersion: snapshot.schemaVersion, free: snapshot.devices[0]?.memoryFreeBytes }));\n`,
      );
      const result = await runDeno(["run", "-A", "--cached-only", script], {
        cwd: dir,
        env: childEnv(),
        clearEnv: true,
      });
      assert.equal(result.code, 0, result.stderr);
      const out = JSON.parse(result.stdout) as { schemaVersion: number; free: number };
      assert.equal(out.free, 7082778624);
      assert.equal(out.schemaVersion, 1);
    });
  });
}

Deno.test("no source file names a bare npm package (only src/deps/ names npm: specifiers)", () => {
  const offenders = readImportGraph(join(REPO_ROOT, "src"))
    .filter(({ from, specifier }) => {
      const relative = specifier.startsWith(".") || specifier.startsWith("/");
      const builtin = specifier.startsWith("node:");
      const npmInDeps = specifier.startsWith("npm:") && from.startsWith("deps/");
      return !relative && !builtin && !npmInDeps;
    })
    .map(({ from, specifier }) => `src/${from}: ${specifier}`);
  assert.deepEqual(offenders, []);
});
