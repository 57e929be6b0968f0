/**
 * What start-up knows of the commands without loading their entries: their names, in `help`'s
 * order (the same as `registry.ts`'s list; a test compares them), and how to load one. Parsing
 * loads the entry of the command that runs and no other, so the option specs of `watch`,
 * `serve`, `check` and the rest cost nothing to a command that does not take them.
 */
import type { Command } from "./command.ts";
import { DEFAULT_COMMAND, SNAPSHOT_COMMAND } from "./entries/snapshot.ts";
import { VERSION_COMMAND } from "./entries/version.ts";

export { DEFAULT_COMMAND };

export const COMMAND_NAMES: readonly string[] = [
  "snapshot",
  "ps",
  "watch",
  "query",
  "top",
  "record",
  "serve",
  "backends",
  "schema",
  "check",
  "fit",
  "help",
  "version",
];

/**
 * The command's entry, or undefined for a name that is none. Each `import()` is literal, so
 * `deno compile` sees it (LAZY_MODULES). `help` lists every command: its entry is the registry's.
 * The default command's entry and `version`'s (a few lines, importing nothing) are loaded with
 * this module: `gputop version` then waits for no `import()` of its entry.
 */
export async function loadCommand(name: string): Promise<Command | undefined> {
  switch (name) {
    case "snapshot":
      return SNAPSHOT_COMMAND;
    case "ps":
      return (await import("./entries/ps.ts")).PS_COMMAND;
    case "watch":
      return (await import("./entries/watch.ts")).WATCH_COMMAND;
    case "query":
      return (await import("./entries/query.ts")).QUERY_COMMAND;
    case "top":
      return (await import("./entries/top.ts")).TOP_COMMAND;
    case "record":
      return (await import("./entries/record.ts")).RECORD_COMMAND;
    case "serve":
      return (await import("./entries/serve.ts")).SERVE_COMMAND;
    case "backends":
      return (await import("./entries/backends.ts")).BACKENDS_COMMAND;
    case "schema":
      return (await import("./entries/schema.ts")).SCHEMA_COMMAND;
    case "check":
      return (await import("./entries/check.ts")).CHECK_COMMAND;
    case "fit":
      return (await import("./entries/fit.ts")).FIT_COMMAND;
    case "help":
      return (await import("./registry.ts")).findCommand("help");
    case "version":
      return VERSION_COMMAND;
    default:
      return undefined;
  }
}

/** Every command's entry (the registry): for the messages that name each command taking a flag. */
export async function loadAllCommands(): Promise<readonly Command[]> {
  return (await import("./registry.ts")).COMMANDS;
}
