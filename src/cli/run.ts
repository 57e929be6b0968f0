/**
 * The CLI's entry: parse, dispatch, map every failure to an exit code and one line on
 * stderr. Nothing below this reaches the user as a stack trace.
 */
import { errorMessage } from "../model/errors.ts";
import { VERSION } from "../version.ts";
import { backendsCommand } from "./commands/backends.ts";
import { psCommand } from "./commands/ps.ts";
import { schemaCommand } from "./commands/schema.ts";
import { serveCommand } from "./commands/serve.ts";
import { snapshotCommand } from "./commands/snapshot.ts";
import { topCommand } from "./commands/top.ts";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./exit_codes.ts";
import { HELP_TEXT } from "./help.ts";
import type { Io } from "./io.ts";
import { type CommandName, parseCommandLine, type ParsedCommandLine } from "./parse_options.ts";
import { UsageError } from "./usage_error.ts";

type Command = (parsed: ParsedCommandLine, io: Io) => Promise<number>;

const COMMAND_TABLE: Record<CommandName, Command> = {
  snapshot: snapshotCommand,
  ps: psCommand,
  top: topCommand,
  serve: serveCommand,
  backends: backendsCommand,
  schema: schemaCommand,
  help: (_, io) => {
    io.out(HELP_TEXT);
    return Promise.resolve(EXIT_OK);
  },
  version: (_, io) => {
    io.out(`gputop ${VERSION}\n`);
    return Promise.resolve(EXIT_OK);
  },
};

export async function runCli(args: readonly string[], io: Io): Promise<number> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(args, io.env, io.stdoutIsTerminal);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gputop: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
  try {
    return await COMMAND_TABLE[parsed.command](parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gputop: ${error.message}\n`);
      return EXIT_USAGE;
    }
    io.err(`gputop: ${errorMessage(error)}\n`);
    return EXIT_FAILURE;
  }
}
