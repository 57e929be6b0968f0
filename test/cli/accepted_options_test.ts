/**
 * Parsing and `--help` read one list per command (`acceptedOptions`): every option listed is
 * parsed, every shared option not listed is refused naming the option and the command.
 */
import assert from "node:assert/strict";
import { acceptedOptions, formatsOf } from "../../src/cli/accepted_options.ts";
import { commandHelpText } from "../../src/cli/help.ts";
import { parseCommandLine } from "../../src/cli/parse_options.ts";
import { COMMANDS, findCommand } from "../../src/cli/registry.ts";
import { FORMAT_OPTIONS, SHARED_OPTIONS } from "../../src/cli/shared_options.ts";
import { UsageError } from "../../src/platform/usage_error.ts";

const noEnv = () => undefined;
/** A value each string option takes, for a command line that parses. */
const VALUES: Record<string, string> = {
  id: "0",
  backends: "drm",
  root: Deno.cwd(),
  "proc-root": Deno.cwd(),
  "sys-root": Deno.cwd(),
  "sample-window": "20ms",
};

Deno.test("acceptedOptions: own options, the formats' flags, the shared ones used, --help", () => {
  const ps = Object.keys(acceptedOptions(findCommand("ps")!));
  assert.deepEqual(ps, [
    "wide",
    "container",
    "pod",
    "user",
    "columns",
    "hosts",
    "hosts-file",
    "host-timeout",
    "token-file",
    "host-ca",
    "format",
    "json",
    "csv",
    "no-header",
    "no-color",
    "id",
    "backends",
    "root",
    "proc-root",
    "sys-root",
    "sample-window",
    "lazy-init",
    "help",
  ]);
  assert.deepEqual(Object.keys(acceptedOptions(findCommand("schema")!)), ["help"]);
  assert.deepEqual(Object.keys(acceptedOptions(findCommand("version")!)), ["help"]);
  // check prints table or json: --format and --json, no --csv.
  const check = acceptedOptions(findCommand("check")!);
  assert.ok("json" in check && !("csv" in check));
});

Deno.test("every command's help lists exactly the options it accepts", () => {
  for (const command of COMMANDS) {
    const listed = [...commandHelpText(command).matchAll(/^ {2}(?:-\w, )?--([\w-]+)/gm)]
      .map((match) => match[1]);
    assert.deepEqual(listed, Object.keys(acceptedOptions(command)), command.name);
  }
});

Deno.test("every shared option a command does not take is a usage error naming both", async () => {
  let refused = 0;
  for (const command of COMMANDS) {
    // `query` parses nvidia-smi's syntax itself (parse_query_args_test.ts refuses for it).
    if (command.parsesOwnArguments) continue;
    const accepted = acceptedOptions(command);
    const all = { ...FORMAT_OPTIONS, ...SHARED_OPTIONS };
    for (const [name, spec] of Object.entries(all)) {
      const args = [command.name, `--${name}`, ...(spec.type === "string" ? ["json"] : [])];
      if (name in accepted) continue;
      await assert.rejects(() => parseCommandLine(args, noEnv, false), (error: unknown) => {
        assert.ok(error instanceof UsageError, `${args.join(" ")}: ${error}`);
        // A format flag is answered with what the command prints instead.
        const named = name in FORMAT_OPTIONS ? (name === "csv" ? "csv" : "json") : `--${name}`;
        assert.ok(error.message.includes(named), error.message);
        assert.ok(error.message.includes(command.name), error.message);
        return true;
      });
      refused++;
    }
  }
  assert.ok(refused > 30, `${refused} refusals`);
});

Deno.test("every shared option a command lists parses there", async () => {
  for (const command of COMMANDS) {
    for (const [name, spec] of Object.entries(acceptedOptions(command))) {
      if (name === "help" || !(name in SHARED_OPTIONS)) continue;
      const value = spec.type === "string" ? [VALUES[name] ?? "x"] : [];
      const positionals = { fit: ["1GiB"], record: ["rec.jsonl"] }[command.name] ?? [];
      const extra = command.name === "check" ? ["--min-gpus", "0"] : [];
      const args = [command.name, ...positionals, ...extra, `--${name}`, ...value];
      assert.equal(
        (await parseCommandLine(args, noEnv, false)).command,
        command.name,
        args.join(" "),
      );
    }
  }
});

Deno.test("formatsOf: the entry's formats, or table, json and csv", () => {
  assert.deepEqual(formatsOf(findCommand("watch")!), ["json", "csv"]);
  assert.deepEqual(formatsOf(findCommand("ps")!), ["table", "json", "csv"]);
});
