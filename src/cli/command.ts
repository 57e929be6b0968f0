/**
 * What a command is: its name, a one-line summary, its own options and positional arguments
 * (merged with the global options at parse time) and how to run it. The list of commands is
 * `COMMANDS` in registry.ts.
 */
import type { CliOptions, OutputFormat } from "./global_options.ts";
import type { Io } from "../platform/io.ts";
import type { OptionSpecs, OptionValue, PositionalSpec } from "./option_spec.ts";

/** A parsed command line, handed to the command that runs it. */
export interface Invocation {
  command: string;
  /** The command's positional arguments (the command name itself removed). */
  positionals: string[];
  /** The global options, validated. */
  options: CliOptions;
  /** This command's own options by long name, as parseArgs returned them. */
  values: Readonly<Record<string, OptionValue>>;
}

export interface Command {
  name: string;
  summary: string;
  /** This command's own options; the global options are added to them. */
  options: OptionSpecs;
  /**
   * The output formats it can print (`--format`, `--json`, `--csv`); table, json and csv when
   * absent, none (`[]`) for a command that prints one fixed thing. Asking for another is a usage
   * error, so no format option is silently ignored.
   */
  formats?: readonly OutputFormat[];
  /** Positional arguments it takes, in order; none when absent. */
  positionals?: readonly PositionalSpec[];
  /**
   * True for a command whose arguments follow another tool's syntax (`query`: nvidia-smi's
   * `--format=csv,noheader`, `-lms 500`): they reach it unparsed, as `positionals`, and it
   * parses them itself. `-h`/`--help` and `-V`/`--version` still mean help and version.
   */
  parsesOwnArguments?: boolean;
  /** Runs it; the exit code. Implementations are imported here, lazily, not at start-up. */
  run(invocation: Invocation, io: Io): Promise<number>;
}
