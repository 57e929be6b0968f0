/**
 * The one-line messages for an option in the wrong place: one the command does not take, one
 * that belongs after the command, a format the command cannot print. Kept apart from
 * parse_options.ts, which only decides when each applies.
 */
import { formatsOf } from "./accepted_options.ts";
import type { OutputFormat } from "./cli_options.ts";
import type { Command } from "./command.ts";
import type { OptionSpec } from "./option_spec.ts";
import { UsageError } from "../platform/usage_error.ts";

/** The commands that take an option, named by its flag (`--interval`, `-i`). */
export function commandsTaking(
  commands: readonly Command[],
  accepted: (command: Command) => Readonly<Record<string, OptionSpec>>,
  flag: string,
): string[] {
  const matches = ([name, option]: [string, OptionSpec]) =>
    flag === `--${name}` || (option.short !== undefined && flag === `-${option.short}`);
  return commands.filter((command) => Object.entries(accepted(command)).some(matches))
    .map((command) => command.name);
}

/** A flag before the command that is not one it may take there: whose it is, or nobody's. */
export function misplacedOption(flag: string, owners: readonly string[]): UsageError {
  if (owners.length === 0) return new UsageError(`unknown option '${flag}'`);
  const [first, ...others] = owners;
  const also = others.length > 0 ? ` (and ${others.join(", ")})` : "";
  return new UsageError(`'${flag}' is an option of ${first}${also}: put it after the command`);
}

/**
 * parseArgs's message (node's) runs on with advice: keep its first sentence. An unknown option
 * that another command takes is named as one this command does not take.
 */
export function describeParseError(
  error: unknown,
  command: Command,
  ownersOf: (flag: string) => string[],
): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split(/\.\s/)[0] ?? message;
  const text = first.charAt(0).toLowerCase() + first.slice(1).replace(/\.$/, "");
  const unknown = /^unknown option '([^']+)'/i.exec(text);
  if (unknown === null) return text;
  const flag = unknown[1] ?? "";
  const see = `see gputop ${command.name} --help`;
  return ownersOf(flag).length === 0
    ? `unknown option '${flag}' for '${command.name}' (${see})`
    : `${command.name} takes no option '${flag}' (${see})`;
}

/**
 * `--format`/`--json`/`--csv` naming a format the command does not print, or any of them for a
 * command that prints one thing (it takes none, not even its own format's).
 */
export function formatError(command: Command, format: OutputFormat): UsageError {
  const formats = formatsOf(command);
  if (formats.length === 0) {
    return new UsageError(
      `${command.name} has one fixed output: it takes no --format, --json or --csv ` +
        `(got ${format})`,
    );
  }
  if (formats.length === 1 && formats[0] === format) {
    return new UsageError(
      `${command.name} always prints ${format}: it takes no --format, --json or --csv`,
    );
  }
  return new UsageError(`${command.name} prints ${formats.join(" or ")}, not ${format}`);
}
