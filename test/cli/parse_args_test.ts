/**
 * gputop's parseArgs must behave exactly as node's `util.parseArgs` in strict mode with
 * positionals allowed: the same values and positionals, or the same error (code and message),
 * on every command line below, under every command's real option spec.
 */
import assert from "node:assert/strict";
import { parseArgs as nodeParseArgs } from "node:util";
import { type ArgSpec, parseArgs } from "../../src/cli/parse_args.ts";
import { argSpecOf } from "../../src/cli/parse_options.ts";
import { COMMANDS } from "../../src/cli/registry.ts";

const COMMAND_LINES: string[][] = [
  [],
  ["ps"],
  ["--json"],
  ["--format", "json", "ps"],
  ["--format=csv"],
  ["--format"],
  ["--format", "--json"],
  ["--format", "-"],
  ["--format=-x"],
  ["--json=yes"],
  ["--json", "--csv", "extra", "more"],
  ["-i", "0", "--id", "1,2", "-i3"],
  ["-i"],
  ["-i", "-1"],
  ["-i-1"],
  ["-hV"],
  ["-Vi0"],
  ["-Vx"],
  ["-x"],
  ["--bogus"],
  ["--bogus=1"],
  ["--=x"],
  ["--", "--json", "-i"],
  ["a", "--", "b", "--"],
  ["-"],
  ["---"],
  ["--backends", "drm", "--backends", "nvml,amdsmi"],
  ["--interval", "2s", "--count", "3", "--rescan-interval", "500ms"],
  ["--vendor", "nvidia", "--vendor=amd", "--no-processes", "--min-gpus", "1"],
  ["--listen", "0.0.0.0:9757", "--no-process-metrics"],
  ["--constructor"],
  ["--__proto__"],
  ["--toString=1"],
  ["-h", "--help", "-V", "--version"],
  ["--no-color", "--no-header", "--lazy-init", "--sample-window", "250ms"],
];

function outcome(parse: () => { values: unknown; positionals: string[] }) {
  try {
    const { values, positionals } = parse();
    return { values: { ...(values as object) }, positionals };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { code: e.code, message: e.message };
  }
}

Deno.test("parseArgs: the same result or error as node's util.parseArgs, for every command", () => {
  let compared = 0;
  for (const command of COMMANDS) {
    const spec: Record<string, ArgSpec> = argSpecOf(command, true);
    for (const args of COMMAND_LINES) {
      const ours = outcome(() => parseArgs(args, spec));
      const node = outcome(() =>
        nodeParseArgs({ args, options: spec, allowPositionals: true, strict: true })
      );
      assert.deepEqual(ours, node, `${command.name}: ${JSON.stringify(args)}`);
      compared++;
    }
  }
  // 11 commands × 35 command lines.
  assert.equal(compared, COMMANDS.length * COMMAND_LINES.length);
});

Deno.test("parseArgs: values by hand (multiple, groups, inline and attached values)", () => {
  const spec: Record<string, ArgSpec> = {
    id: { type: "string", short: "i", multiple: true },
    json: { type: "boolean" },
    version: { type: "boolean", short: "V" },
  };
  const parsed = parseArgs(["-Vi0", "--id=1", "pos", "--json", "--", "--json"], spec);
  // -Vi0 expands to -V -i0; --id=1 appends; after -- everything is positional.
  assert.deepEqual({ ...parsed.values }, { version: true, id: ["0", "1"], json: true });
  assert.deepEqual(parsed.positionals, ["pos", "--json"]);
  assert.throws(() => parseArgs(["-i"], spec), /Option '-i, --id <value>' argument missing/);
  assert.throws(() => parseArgs(["--json=1"], spec), /Option '--json' does not take an argument/);
  assert.throws(() => parseArgs(["--id", "-V"], spec), /Option '--id' argument is ambiguous/);
});
