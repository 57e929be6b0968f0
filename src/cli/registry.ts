/**
 * The one list of gputop's commands, in the order `help` lists them: `help` and the messages
 * that name every command taking an option read it. Start-up does not: it loads only the entry
 * of the command that runs (`command_names.ts`), so one command's option specs never cost
 * another's start.
 *
 * To add a command: write `src/cli/commands/NAME.ts` exporting
 * `run(invocation: Invocation, io: Io): Promise<number>`, its entry `src/cli/entries/NAME.ts`
 * (name, summary, output formats, the shared options it reads (`uses`, from
 * shared_options.ts), its own options and, if it takes any, its positional arguments), list the
 * entry below and its name in `command_names.ts` (same order; a test compares them). It accepts
 * those and `--help`, nothing else; its help lists exactly those. Its `run` imports the module
 * dynamically so that start-up loads only the command that runs (a literal
 * `import("../commands/NAME.ts")` keeps it visible to `deno compile` and `deno bundle`).
 */
import type { Command } from "./command.ts";
import { BACKENDS_COMMAND } from "./entries/backends.ts";
import { CHECK_COMMAND } from "./entries/check.ts";
import { FIT_COMMAND } from "./entries/fit.ts";
import { PS_COMMAND } from "./entries/ps.ts";
import { QUERY_COMMAND } from "./entries/query.ts";
import { RECORD_COMMAND } from "./entries/record.ts";
import { SCHEMA_COMMAND } from "./entries/schema.ts";
import { SERVE_COMMAND } from "./entries/serve.ts";
import { DEFAULT_COMMAND, SNAPSHOT_COMMAND } from "./entries/snapshot.ts";
import { TOP_COMMAND } from "./entries/top.ts";
import { VERSION_COMMAND } from "./entries/version.ts";
import { WATCH_COMMAND } from "./entries/watch.ts";

export { DEFAULT_COMMAND };

/** `help`'s entry: the one that needs every other (`help` lists them all). */
const HELP_COMMAND: Command = {
  name: "help",
  formats: [],
  summary: "this list, or `help COMMAND` for a command's options",
  options: {},
  positionals: [{ name: "COMMAND", required: false, help: "the command to describe" }],
  run: (inv, io) => import("./commands/help.ts").then((m) => m.run(inv, io, COMMANDS)),
};

export const COMMANDS: readonly Command[] = [
  SNAPSHOT_COMMAND,
  PS_COMMAND,
  WATCH_COMMAND,
  QUERY_COMMAND,
  TOP_COMMAND,
  RECORD_COMMAND,
  SERVE_COMMAND,
  BACKENDS_COMMAND,
  SCHEMA_COMMAND,
  CHECK_COMMAND,
  FIT_COMMAND,
  HELP_COMMAND,
  VERSION_COMMAND,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
