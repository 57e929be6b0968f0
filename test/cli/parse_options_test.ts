import assert from "node:assert/strict";
import { parseCommandLine } from "../../src/cli/parse_options.ts";
import { parseDurationMs } from "../../src/cli/parse_duration.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

const noEnv = () => undefined;
/** An existing directory: a root that does not exist is a usage error. */
const PROC_ROOT = Deno.cwd();

Deno.test("parseCommandLine() defaults to snapshot as a table with header", async () => {
  const { command, options } = await parseCommandLine([], noEnv, true);
  assert.equal(command, "snapshot");
  assert.equal(options.format, "table");
  assert.equal(options.header, true);
  assert.equal(options.color, true);
  assert.equal(options.backends, null);
  assert.equal(options.ids, null);
});

Deno.test("parseCommandLine() reads shorthands, lists and paths", async () => {
  const { command, options } = await parseCommandLine(
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
      PROC_ROOT,
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
  assert.equal(options.procRoot, PROC_ROOT);
  assert.equal(options.sampleWindowMs, 250);
  assert.equal(options.color, false);
});

Deno.test("parseCommandLine() turns colour off for NO_COLOR and --no-color", async () => {
  assert.equal(
    (await parseCommandLine([], (n) => (n === "NO_COLOR" ? "1" : undefined), true)).options.color,
    false,
  );
  assert.equal((await parseCommandLine(["--no-color"], noEnv, true)).options.color, false);
});

Deno.test("parseCommandLine() names the bad flag or value in a one-line UsageError", async () => {
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
    await assert.rejects(() => parseCommandLine(args, noEnv, false), (error: unknown) => {
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
  assert.equal(parseDurationMs("--interval", "2h"), 7_200_000); // 2 × 3 600 000 ms
  assert.throws(() => parseDurationMs("--interval", "25h"), /at most 24h/);
  assert.throws(() => parseDurationMs("--interval", "1441m"), /at most 24h/);
});

Deno.test("parseCommandLine() names a command's option given before the command", async () => {
  const cases: [string[], string][] = [
    [
      ["--interval", "2s", "watch"],
      "'--interval' is an option of watch (and top, record, serve): " +
      "put it after the command",
    ],
    [["--listen", ":9000", "serve"], "'--listen' is an option of serve: put it after the command"],
    [["--count=1", "watch"], "'--count' is an option of watch: put it after the command"],
    [
      ["--max-process-series", "3"],
      "'--max-process-series' is an option of serve: " +
      "put it after the command",
    ],
    [["--x", "ps"], "unknown option '--x'"],
    [["-z", "1", "watch"], "unknown option '-z'"],
  ];
  for (const [args, message] of cases) {
    await assert.rejects(() => parseCommandLine(args, noEnv, false), (error: unknown) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.equal(error.message, message);
      return true;
    });
  }
  // After the command the same flags are fine.
  assert.equal(
    (await parseCommandLine(["watch", "--interval", "2s"], noEnv, false)).command,
    "watch",
  );
});

Deno.test("parseCommandLine() refuses a format the command cannot print", async () => {
  const cases: [string[], string][] = [
    [["watch", "--format", "table"], "watch prints json or csv, not table"],
    [["schema", "--csv"], "schema prints json, not csv"],
    [["top", "--json"], "top prints table, not json"],
    // One fixed output takes no format flag at all, not even its own format's.
    [["schema", "--json"], "schema always prints json: it takes no --format, --json or --csv"],
    [
      ["top", "--format", "table"],
      "top always prints table: it takes no --format, --json or --csv",
    ],
    [["check", "--csv", "--min-gpus", "1"], "check prints table or json, not csv"],
    [["fit", "--format=csv", "1GiB"], "fit prints table or json, not csv"],
    [
      ["version", "--json"],
      "version has one fixed output: it takes no --format, --json or " +
      "--csv (got json)",
    ],
    [
      ["serve", "--csv"],
      "serve has one fixed output: it takes no --format, --json or --csv " +
      "(got csv)",
    ],
  ];
  for (const [args, message] of cases) {
    await assert.rejects(() => parseCommandLine(args, noEnv, false), (error: unknown) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.equal(error.message, message);
      return true;
    });
  }
  // The formats each does print, and no format option at all, are accepted.
  for (
    const args of [
      ["watch", "--csv"],
      ["watch"],
      ["schema"],
      ["top"],
      ["version"],
      ["serve"],
      ["ps", "--csv"],
      ["check", "--json", "--min-gpus", "1"],
    ]
  ) {
    assert.equal((await parseCommandLine(args, noEnv, false)).command, args[0]);
  }
});

Deno.test("parseCommandLine() finds the command after global options that take a value", async () => {
  const parsed = await parseCommandLine(["--format", "json", "-i", "0", "ps"], noEnv, false);
  assert.equal(parsed.command, "ps");
  assert.equal(parsed.options.format, "json");
  assert.deepEqual(parsed.options.ids, ["0"]);
});

Deno.test("parseCommandLine() turns --help into help for the named command", async () => {
  assert.deepEqual((await parseCommandLine(["ps", "--help"], noEnv, false)).positionals, ["ps"]);
  assert.equal((await parseCommandLine(["ps", "-h"], noEnv, false)).command, "help");
  assert.deepEqual((await parseCommandLine(["--help"], noEnv, false)).positionals, []);
  assert.equal((await parseCommandLine(["-V"], noEnv, false)).command, "version");
  assert.deepEqual((await parseCommandLine(["help", "ps"], noEnv, false)).positionals, ["ps"]);
});

Deno.test("parseCommandLine() says where lazy library sessions came from", async () => {
  const env = (value: string) => (name: string) => name === "GPUTOP_LAZY_INIT" ? value : undefined;
  const flag = (await parseCommandLine(["backends", "--lazy-init"], env("0"), false)).options;
  assert.equal(flag.lazyInit, true);
  assert.equal(flag.lazyInitFrom, "--lazy-init");
  const variable = (await parseCommandLine(["backends"], env("True"), false)).options;
  assert.equal(variable.lazyInit, true);
  assert.equal(variable.lazyInitFrom, "GPUTOP_LAZY_INIT");
  const off = (await parseCommandLine(["backends"], env("no"), false)).options;
  assert.equal(off.lazyInit, false);
  assert.equal(off.lazyInitFrom, undefined);
});

Deno.test("parseCommandLine(): a GPUTOP_LAZY_INIT that is neither on nor off is a usage error", async () => {
  const env = (name: string) => name === "GPUTOP_LAZY_INIT" ? "maybe" : undefined;
  await assert.rejects(
    () => parseCommandLine(["backends"], env, false),
    (error: unknown) =>
      error instanceof UsageError &&
      error.message === "invalid value for GPUTOP_LAZY_INIT: 'maybe' " +
          "(expected 1, true, yes or 0, false, no)",
  );
});
