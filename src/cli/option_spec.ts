/**
 * How a command declares its options and positional arguments (what the parser and `--help`
 * read), apart from `Command` itself so that the global options can be declared without
 * importing the command type that refers back to them.
 */

/** One option: what parseArgs (src/cli/parse_args.ts) needs, plus the words `--help` shows. */
export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** Placeholder for the value in help, e.g. `SIZE` (string options). */
  value?: string;
  /** Help text; a `\n` continues on the next line, indented. */
  help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface PositionalSpec {
  /** Shown in usage, e.g. `SIZE`. */
  name: string;
  required: boolean;
  help: string;
}

/** What parseArgs returns for one option. */
export type OptionValue = string | boolean | (string | boolean)[] | undefined;
