import assert from "node:assert/strict";
import { parseCommandLine } from "../../src/cli/parse_options.ts";
import { parseDurationMs } from "../../src/cli/parse_duration.ts";
import { UsageError } from "../../src/cli/usage_error.ts";

const noEnv = () => undefined;

Deno.test("parseCommandLine() defaults to snapshot as a table with header", () => {
  const { command, options } = parseCommandLine([], noEnv, true);
  assert.equal(command, "snapshot");
  assert.equal(options.format, "table");
  assert.equal(options.header, true);
  assert.equal(options.color, true);
  assert.equal(options.backends, null);
  assert.equal(options.ids, null);
});

Deno.test("parseCommandLine() reads shorthands, lists and paths", () => {
  const { command, options } = parseCommandLine(
    [
      "ps",
      "--json",
      "-i",
      "0,GPU-abc",
      "--id",
      "0000:01:00.0",
      "--backends",
      "drm,macmon",
      "--proc-root",
      "/host/proc",
      "--sample-window",
      "250ms",
    ],
    noEnv,
    false,
  );
  assert.equal(command, "ps");
  assert.equal(options.format, "json");
  assert.deepEqual(options.ids, ["0", "GPU-abc", "0000:01:00.0"]);
  assert.deepEqual(options.backends, ["drm", "macmon"]);
  assert.equal(options.procRoot, "/host/proc");
  assert.equal(options.sampleWindowMs, 250);
  assert.equal(options.color, false);
});

Deno.test("parseCommandLine() turns colour off for NO_COLOR and --no-color", () => {
  assert.equal(
    parseCommandLine([], (n) => (n === "NO_COLOR" ? "1" : undefined), true).options.color,
    false,
  );
  assert.equal(parseCommandLine(["--no-color"], noEnv, true).options.color, false);
});

Deno.test("parseCommandLine() names the bad flag or value in a one-line UsageError", () => {
  const cases: [string[], RegExp][] = [
    [["--bogus"], /unknown option '--bogus'/i],
    [["--format", "xml"], /--format: 'xml'/],
    [["--json", "--csv"], /conflicting output formats/],
    [["--backends", "cuda"], /--backends: 'cuda'/],
    [["frobnicate"], /unknown command 'frobnicate'/],
    [["--sample-window", "fast"], /--sample-window: 'fast'/],
    [["--format"], /--format/],
    [["ps", "extra"], /unexpected argument 'extra'/],
  ];
  for (const [args, pattern] of cases) {
    assert.throws(() => parseCommandLine(args, noEnv, false), (error: unknown) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.match(error.message, pattern);
      assert.equal(error.message.includes("\n"), false);
      return true;
    });
  }
});

Deno.test("parseDurationMs() understands ms, s, m and bare seconds", () => {
  assert.equal(parseDurationMs("--interval", "500ms"), 500);
  assert.equal(parseDurationMs("--interval", "2s"), 2000);
  assert.equal(parseDurationMs("--interval", "1.5s"), 1500);
  assert.equal(parseDurationMs("--interval", "1m"), 60000);
  assert.equal(parseDurationMs("--interval", "3"), 3000);
  assert.throws(() => parseDurationMs("--interval", "-1s"), UsageError);
  assert.throws(() => parseDurationMs("--interval", "2h"), UsageError);
});

Deno.test("parseCommandLine() finds the command after global options that take a value", () => {
  const parsed = parseCommandLine(["--format", "json", "-i", "0", "ps"], noEnv, false);
  assert.equal(parsed.command, "ps");
  assert.equal(parsed.options.format, "json");
  assert.deepEqual(parsed.options.ids, ["0"]);
});

Deno.test("parseCommandLine() turns --help into help for the named command", () => {
  assert.deepEqual(parseCommandLine(["ps", "--help"], noEnv, false).positionals, ["ps"]);
  assert.equal(parseCommandLine(["ps", "-h"], noEnv, false).command, "help");
  assert.deepEqual(parseCommandLine(["--help"], noEnv, false).positionals, []);
  assert.equal(parseCommandLine(["-V"], noEnv, false).command, "version");
  assert.deepEqual(parseCommandLine(["help", "ps"], noEnv, false).positionals, ["ps"]);
});
