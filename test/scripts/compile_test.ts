/**
 * The release build, checked as far as this workplace allows: `deno compile` cannot fetch its
 * real base binary (denort) here, so it runs with a stand-in base (DENORT_BIN) and we read
 * what it embedded. The stand-in output is never executed. Then the same entry point is
 * bundled and the bundle is run, as the binary would run it.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import {
  COMPILE_TARGETS,
  compileArgs,
  LAZY_MODULES,
  outputName,
  WORKER_MODULES,
} from "../../scripts/compile_targets.ts";
import { readCompileMetadata } from "../../scripts/compile_metadata.ts";
import { planCompile } from "../../scripts/compile.ts";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { dynamicImports } from "../support/module_graph.ts";
import { runCli, runDeno } from "../support/run_cli.ts";

const STAND_IN = "/bin/true";
const canCompile = Deno.build.os === "linux" && existsSync(STAND_IN);
/** npm packages main.ts reaches (string-width depends on get-east-asian-width and strip-ansi → ansi-regex). */
const EMBEDDED_PACKAGES = [
  "ansi-regex",
  "get-east-asian-width",
  "string-width",
  "strip-ansi",
  "zod",
];

Deno.test("compileArgs() builds every target with -A from src/main.ts", () => {
  for (const target of COMPILE_TARGETS) {
    const args = compileArgs(target, "dist");
    assert.ok(args.includes("-A"));
    assert.equal(args.at(-1), "src/main.ts");
    assert.equal(args[args.indexOf("--target") + 1], target);
    assert.ok(!args.includes("--"), "a literal -- would be embedded into argv");
  }
  assert.equal(outputName("x86_64-pc-windows-msvc"), "gputop-x86_64-pc-windows-msvc.exe");
  // The same entry point as `deno task start`.
  const config = JSON.parse(Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)));
  assert.equal(config.tasks.start, "deno run -A src/main.ts");
  assert.equal(compileArgs("x86_64-unknown-linux-gnu", "dist").at(-1), "src/main.ts");
});

Deno.test("planCompile(): all five targets into dist/ by default; --out, names, --host", () => {
  assert.deepEqual(planCompile([]), { outDir: "dist", targets: [...COMPILE_TARGETS] });
  assert.deepEqual(planCompile(["--out", "/tmp/x", "aarch64-apple-darwin"]), {
    outDir: "/tmp/x",
    targets: ["aarch64-apple-darwin"],
  });
  assert.equal(planCompile(["--host"]).targets.length, 1);
  assert.throws(() => planCompile(["riscv64-linux"]), /unknown target 'riscv64-linux'/);
  assert.throws(() => planCompile(["--out"]), /--out needs a directory/);
});

Deno.test({
  name:
    "deno compile (stand-in base) embeds all permissions, the entry point, zod and string-width only",
  ignore: !canCompile,
  async fn() {
    const out = Deno.makeTempDirSync();
    try {
      const args = compileArgs("x86_64-unknown-linux-gnu", out);
      const result = await runDeno(args, { env: { DENORT_BIN: STAND_IN, NO_COLOR: "1" } });
      assert.equal(result.code, 0, result.stderr);
      const listing = result.stdout + result.stderr;
      assert.match(listing, /src\/main\.ts/);
      assert.doesNotMatch(listing, /node_modules\/(deno|@deno)/, "deno itself is not embedded");
      assert.doesNotMatch(listing, /ajv/, "test-only dependencies are not embedded");
      assert.doesNotMatch(listing, /fixtures|\btest\b|_test\.ts/, "no fixtures or tests");
      // The npm packages are what main.ts reaches: zod, and string-width with its dependency
      // chains; the commands, imported lazily, are embedded too.
      // Packages appear as `localhost/NAME/VERSION` (one) or as tree rows `── NAME/VERSION/*`.
      const packages = [...listing.matchAll(/(?:localhost\/|── )([\w.@-]+)\/\d+\.\d+\.\d+/g)]
        .map((m) => m[1]);
      assert.deepEqual([...new Set(packages)].sort(), EMBEDDED_PACKAGES);
      assert.match(listing, /string-width\/9\.0\.0/);
      assert.match(listing, /commands\/\*|commands\/check\.ts/);
      assert.match(listing, /library_worker\.ts/, "the library worker's module is embedded");
      const binary = Deno.readFileSync(`${out}/${outputName("x86_64-unknown-linux-gnu")}`);
      const metadata = readCompileMetadata(binary);
      assert.ok(metadata, "metadata section found");
      const permissions = metadata.permissions as Record<string, unknown>;
      for (const key of ["allow_read", "allow_ffi", "allow_run", "allow_env", "allow_sys"]) {
        assert.deepEqual(permissions[key], [], `${key} granted to all (-A)`);
      }
      assert.match(String(metadata.entrypoint_key), /main\.ts$/);
      assert.deepEqual(metadata.argv, []);
      // The young-generation cap that keeps watch's RSS flat (scripts/compile_targets.ts).
      const v8Flags = metadata.v8_flags as string[];
      assert.ok(v8Flags.includes("--max-semi-space-size=2"), v8Flags.join(" "));
    } finally {
      Deno.removeSync(out, { recursive: true });
    }
  },
});

Deno.test({
  name: "deno bundle of the same entry point runs and prints the version",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const out = Deno.makeTempDirSync();
    try {
      const bundle = `${out}/gputop.bundle.js`;
      const built = await runDeno(["bundle", "--platform", "deno", "-o", bundle, "src/main.ts"]);
      if (built.code !== 0 && /esbuild|registry|network|fetch/i.test(built.stderr)) {
        // deno-lint-ignore no-console
        console.warn(
          `skipped: deno bundle could not fetch esbuild: ${built.stderr.split("\n")[0]}`,
        );
        return;
      }
      assert.equal(built.code, 0, built.stderr);
      const ran = await runDeno(["run", "--no-config", "-A", bundle, "--version"]);
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, /^gputop \d+\.\d+\.\d+/);
      const usage = await runDeno(["run", "--no-config", "-A", bundle, "--bogus"]);
      assert.equal(usage.code, 2);
      // The same fixture tree read by the bundle and by `deno run` gives the same JSON.
      const args = [
        "--json",
        ...drmFixtureArgs("mixed-two-gpus"),
      ];
      const bundled = await runDeno(["run", "--no-config", "--cached-only", "-A", bundle, ...args]);
      const direct = await runCli(args);
      assert.equal(bundled.code, 0, bundled.stderr);
      assert.equal(direct.code, 0, direct.stderr);
      const withoutTime = (text: string) => ({ ...JSON.parse(text), timestamp: null });
      const fromBundle = withoutTime(bundled.stdout);
      assert.deepEqual(fromBundle, withoutTime(direct.stdout));
      assert.equal(fromBundle.devices.length, 2);
    } finally {
      Deno.removeSync(out, { recursive: true });
    }
  },
});

Deno.test("LAZY_MODULES (compile's --include list) is every import() target of src/main.ts", async () => {
  // With lazy-dynamic-imports on (deno.json), a module imported only by import() and missing
  // here would be left out of the binary: the command or backend would fail to load there.
  assert.deepEqual([...LAZY_MODULES].sort(), await dynamicImports("src/main.ts"));
});

Deno.test("WORKER_MODULES is every module src/ names by URL, each one's import() targets lazy", async () => {
  // A worker is started from `new URL("./x.ts", import.meta.url)`, which deno info does not
  // follow: missing from --include, the worker would fail to load in the binary.
  const root = new URL("../../", import.meta.url);
  const named: string[] = [];
  for (const file of sourceFiles(new URL("src/", root))) {
    const text = Deno.readTextFileSync(file);
    for (const match of text.matchAll(/new URL\("(\.[^"]+\.ts)", import\.meta\.url\)/g)) {
      named.push(new URL(match[1]!, file).href.slice(root.href.length));
    }
  }
  assert.deepEqual([...WORKER_MODULES].sort(), named.sort());
  for (const worker of WORKER_MODULES) {
    for (const target of await dynamicImports(worker)) {
      assert.ok((LAZY_MODULES as readonly string[]).includes(target), `${worker} → ${target}`);
    }
  }
  for (const module of WORKER_MODULES) {
    const args = compileArgs("x86_64-unknown-linux-gnu", "dist");
    assert.ok(args.includes(module), `${module} is included`);
  }
});

/** Every .ts file under the folder `dir`. */
function sourceFiles(dir: URL): URL[] {
  const files: URL[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.isDirectory) files.push(...sourceFiles(new URL(`${entry.name}/`, dir)));
    else if (entry.name.endsWith(".ts")) files.push(new URL(entry.name, dir));
  }
  return files;
}
