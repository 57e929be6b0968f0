/**
 * What a command is: its name, a one-line summary, the options it takes (its own, and the
 * shared ones it reads), its positional arguments and how to run it. The list of commands is
 * `COMMANDS` in registry.ts; what it accepts in all is `acceptedOptions` (accepted_options.ts).
 */
import type { CliOptions, OutputFormat } from "./cli_options.ts";
import type { Io } from "../platform/io.ts";
import type { OptionSpecs, OptionValue, PositionalSpec } from "./option_spec.ts";
import type { SharedOptionName } from "./shared_options.ts";

/** A parsed command line, handed to the command that runs it. */
export interface Invocation {
  command: string;
  /** The command's positional arguments (the command name itself removed). */
  positionals: string[];
  /** The shared options this command takes, validated (the others at their defaults). */
  options: CliOptions;
  /** This command's own options by long name, as parseArgs returned them. */
  values: Readonly<Record<string, OptionValue>>;
}

export interface Command {
  name: string;
  summary: string;
  /** This command's own options. */
  options: OptionSpecs;
  /**
   * The shared options (shared_options.ts) it reads; none when absent. Only these, its own
   * options, its format flags and `--help` are accepted; any other option is a usage error.
   */
  uses?: readonly SharedOptionName[];
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
