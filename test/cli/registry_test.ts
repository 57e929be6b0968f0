import assert from "node:assert/strict";
import { acceptedOptions } from "../../src/cli/accepted_options.ts";
import { FORMAT_OPTIONS, SHARED_OPTIONS } from "../../src/cli/shared_options.ts";
import { commandHelpText, helpText } from "../../src/cli/help.ts";
import { COMMANDS, DEFAULT_COMMAND, findCommand } from "../../src/cli/registry.ts";
import { runCli } from "../support/run_cli.ts";

Deno.test("registry: names unique, default registered, no option clashes with a shared one", () => {
  const names = COMMANDS.map((c) => c.name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(findCommand(DEFAULT_COMMAND));
  const shared = { ...SHARED_OPTIONS, ...FORMAT_OPTIONS, help: {}, version: {} };
  for (const command of COMMANDS) {
    for (const name of Object.keys(command.options)) {
      assert.equal(name in shared, false, `${command.name} --${name} shadows a shared option`);
    }
    const shorts = Object.values(acceptedOptions(command)).flatMap((o) => o.short ?? []);
    assert.equal(new Set(shorts).size, shorts.length, `${command.name}: a short flag twice`);
  }
});

Deno.test("helpText() lists every registered command with its summary", () => {
  const text = helpText(COMMANDS);
  for (const command of COMMANDS) {
    assert.match(text, new RegExp(`^  ${command.name}\\s+${escape(command.summary)}$`, "m"));
  }
});

Deno.test("helpText() documents durations, platform ids and every environment variable", () => {
  const text = helpText(COMMANDS);
  assert.match(text, /a bare number is seconds/);
  assert.match(text, /1h \(at most 24h\)/);
  assert.match(text, /platform name/);
  for (
    const name of [
      "GPUTOP_NVML_LIB",
      "GPUTOP_ZE_LIB",
      "GPUTOP_AMDSMI_LIB",
      "GPUTOP_MACMON",
      "GPUTOP_NVIDIA_SMI",
      "GPUTOP_MACMON_TIMEOUT_MS",
      "GPUTOP_PROC_ROOT",
      "GPUTOP_LAZY_INIT",
      "GPUTOP_ARGV0",
    ]
  ) assert.match(text, new RegExp(`\\b${name}\\b`), name);
});

Deno.test("commandHelpText() shows a command's own options and positionals", () => {
  const text = commandHelpText({
    name: "demo",
    summary: "a made-up command",
    options: { "max-widgets": { type: "string", value: "N", help: "at most N widgets" } },
    positionals: [{ name: "SIZE", required: true, help: "how big" }],
    run: () => Promise.resolve(0),
  });
  assert.match(text, /Usage: gputop demo SIZE \[OPTIONS\]/);
  assert.match(text, /^ {2}--max-widgets N\s+at most N widgets$/m);
  assert.match(text, /^ {2}SIZE\s+how big$/m);
  assert.match(text, /--json/);
});

Deno.test("gputop help COMMAND and gputop COMMAND --help print the same text", async () => {
  const viaHelp = await runCli(["help", "ps"]);
  const viaFlag = await runCli(["ps", "--help"]);
  assert.equal(viaHelp.code, 0, viaHelp.stderr);
  assert.equal(viaFlag.code, 0, viaFlag.stderr);
  assert.equal(viaHelp.stdout, viaFlag.stdout);
  assert.match(viaHelp.stdout, /^gputop ps — per-process GPU memory/);
  const unknown = await runCli(["help", "frobnicate"]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command 'frobnicate'/);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test("gputop check --help lists its assertions; gputop help fit shows SIZE", async () => {
  const check = await runCli(["check", "--help"]);
  assert.equal(check.code, 0, check.stderr);
  for (const flag of Object.keys(findCommand("check")?.options ?? {})) {
    assert.match(check.stdout, new RegExp(`^ {2}--${flag}\\b`, "m"), flag);
  }
  assert.ok(check.stdout.split("\n").every((line) => line.length <= 100));
  const fit = await runCli(["help", "fit"]);
  assert.equal(fit.code, 0, fit.stderr);
  assert.match(fit.stdout, /^Usage: gputop fit SIZE \[OPTIONS\]$/m);
});

Deno.test("commandHelpText() offers only the output formats the command prints", () => {
  const help = (name: string) => commandHelpText(findCommand(name)!);
  // watch: JSON lines by default, or CSV; no table.
  assert.match(help("watch"), /--format FMT\s+json \(default\) or csv; --json and --csv are/);
  // check: table or json, so no --csv flag.
  assert.match(help("check"), /--format FMT\s+table \(default\) or json; --json is a shorthand/);
  assert.doesNotMatch(help("check"), /\n\s+--csv\b/);
  // One fixed output: no format flags at all.
  for (const name of ["top", "schema", "version", "serve"]) {
    assert.doesNotMatch(help(name), /\n\s+(--format|--json\b|--csv\b)/, name);
  }
  // The default command keeps all three.
  assert.match(help("snapshot"), /table \(default\), json or csv; --json and --csv are shorthands/);
});
