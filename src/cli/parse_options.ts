/**
 * Turns argv into a command name, its positional arguments and validated options. The command
 * is the first positional argument (default `snapshot`); the options accepted are exactly the
 * command's (`acceptedOptions`, the list its help shows), plus `--version` where no command is
 * named. Every mistake becomes a UsageError whose one-line message names the bad flag or value
 * and, for an option the command does not take, the command. Only the entry of the command
 * named (and the default command's) is loaded; every entry only for a message that names each
 * command taking a flag.
 */
import { acceptedOptions, formatsOf } from "./accepted_options.ts";
import type { Command, Invocation } from "./command.ts";
import type { OptionSpecs, OptionValue } from "./option_spec.ts";
import { type ArgSpec, parseArgs } from "./parse_args.ts";
import {
  explicitFormat,
  type FleetReader,
  type OutputFormat,
  resolveCliOptions,
} from "./cli_options.ts";
import { HOSTS_OPTIONS } from "./hosts_options.ts";
import { COMMAND_NAMES, DEFAULT_COMMAND, loadAllCommands, loadCommand } from "./command_names.ts";
import { SNAPSHOT_COMMAND } from "./entries/snapshot.ts";
import { FORMAT_OPTIONS, SHARED_OPTIONS, VERSION_OPTION } from "./shared_options.ts";
import { UsageError } from "../platform/usage_error.ts";
import {
  joinNegativeValues,
  negativeNumbersAsPositionals,
  singleValues,
} from "./validate_options.ts";

export type { CliOptions, OutputFormat } from "./cli_options.ts";
/** Kept for the commands written before the registry: the same as `Invocation`. */
export type ParsedCommandLine = Invocation;

export async function parseCommandLine(
  args: readonly string[],
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): Promise<Invocation> {
  const at = commandIndex(args);
  if (typeof at !== "number") {
    const { commandsTaking, misplacedOption } = await import("./option_errors.ts");
    const owners = commandsTaking(await loadAllCommands(), (c) => c.options, at.misplaced);
    throw misplacedOption(at.misplaced, owners);
  }
  const named = at === -1 ? undefined : args[at];
  const command = await loadCommand(named ?? DEFAULT_COMMAND);
  if (!command) {
    throw new UsageError(`unknown command '${named}' (commands: ${COMMAND_NAMES.join(", ")})`);
  }
  const rest = at === -1 ? [...args] : [...args.slice(0, at), ...args.slice(at + 1)];
  if (command.parsesOwnArguments) return ownSyntaxInvocation(command, rest);
  const { values, positionals } = await parseFor(command, rest, named === undefined);

  if (values.help === true) {
    return { command: "help", positionals: named === undefined ? [] : [command.name], ...none() };
  }
  if (values.version === true) return { command: "version", positionals: [], ...none() };
  const refused = refusedFormat(command, values);
  if (refused !== undefined) {
    throw (await import("./option_errors.ts")).formatError(command, refused);
  }
  checkPositionals(command, positionals);
  const accepted = acceptedOptions(command);
  return {
    command: command.name,
    positionals,
    options: resolveCliOptions(
      values,
      accepted,
      env,
      stdoutIsTerminal,
      await fleetReader(accepted, values),
    ),
    values,
  };
}

/** `--help` and `--version` win over everything else, and read no other option. */
function none(): Pick<Invocation, "options" | "values"> {
  return { options: resolveCliOptions({}, {}, () => undefined, false, null), values: {} };
}

/**
 * `fleet_options.ts`'s reader where the command takes `--hosts` and one of the host options was
 * given; else null, as the reader would find no fleet (its modules then never load).
 */
async function fleetReader(
  accepted: OptionSpecs,
  values: Readonly<Record<string, OptionValue>>,
): Promise<FleetReader | null> {
  if (!Object.hasOwn(accepted, "hosts")) return null;
  if (!Object.keys(HOSTS_OPTIONS).some((name) => values[name] !== undefined)) return null;
  return (await import("./fleet_options.ts")).fleetOptionsOf;
}

/**
 * What the parser takes for a command: what it accepts, and the format flags even where it
 * prints one fixed thing or not that format, so that asking is answered with what it prints.
 */
function parserOptionsOf(command: Command, withVersion: boolean): OptionSpecs {
  return {
    ...FORMAT_OPTIONS,
    ...acceptedOptions(command),
    ...(withVersion ? { version: VERSION_OPTION } : {}),
  };
}

/** The spec parseArgs gets for a command (`--version` where no command is named). */
export function argSpecOf(command: Command, withVersion: boolean): Record<string, ArgSpec> {
  const spec: Record<string, ArgSpec> = {};
  for (const [name, option] of Object.entries(parserOptionsOf(command, withVersion))) {
    spec[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      // Every value is collected, so that a single-value option given twice can be refused.
      ...(option.multiple || option.type === "string" ? { multiple: true } : {}),
    };
  }
  return spec;
}

async function parseFor(command: Command, args: string[], withVersion: boolean) {
  const options = parserOptionsOf(command, withVersion);
  const spec = argSpecOf(command, withVersion);
  let parsed;
  try {
    parsed = parseArgs(negativeNumbersAsPositionals(joinNegativeValues(args, spec)), spec);
  } catch (error) {
    const commands = await loadAllCommands();
    const { commandsTaking, describeParseError } = await import("./option_errors.ts");
    const ownersOf = (flag: string) => commandsTaking(commands, acceptedOptions, flag);
    throw new UsageError(describeParseError(error, command, ownersOf));
  }
  return { values: singleValues(parsed.values, options), positionals: parsed.positionals };
}

/**
 * Options that may come before the command: every shared option and format flag, the default
 * command's own, `--help` and `--version`; the command then judges whether it takes them.
 */
const BEFORE_COMMAND: OptionSpecs = {
  ...FORMAT_OPTIONS,
  ...SHARED_OPTIONS,
  ...acceptedOptions(SNAPSHOT_COMMAND),
  version: VERSION_OPTION,
};

/**
 * Where the command name is: the first argument that is neither an option nor the value of an
 * option that takes one (`--format json ps`). -1 when there is none. A flag before the command
 * that may not come there is `misplaced`, for a usage error naming it, rather than having its
 * value taken for the command (`--interval 2s watch` is not "unknown command '2s'").
 */
function commandIndex(args: readonly string[]): number | { misplaced: string } {
  const known = Object.entries(BEFORE_COMMAND);
  const byShort = (letter: string) => known.find(([, o]) => o.short === letter)?.[1];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") return args.length > i + 1 ? i + 1 : -1;
    if (arg.startsWith("--")) {
      const name = arg.slice(2).split("=")[0] ?? "";
      const option = Object.hasOwn(BEFORE_COMMAND, name) ? BEFORE_COMMAND[name] : undefined;
      if (option === undefined) return { misplaced: `--${name}` };
      if (!arg.includes("=") && option.type === "string") i++;
    } else if (arg.startsWith("-") && arg.length > 1) {
      const option = byShort(arg.charAt(1));
      if (option === undefined) return { misplaced: arg.slice(0, 2) };
      if (arg.length === 2 && option.type === "string") i++;
    } else return i;
  }
  return -1;
}

/**
 * A format flag the command cannot honour (a usage error saying what it prints: the messages
 * load with `option_errors.ts`, only then), or undefined.
 */
function refusedFormat(
  command: Command,
  values: Readonly<Record<string, OptionValue>>,
): OutputFormat | undefined {
  const format = explicitFormat(values);
  if (format === undefined) return undefined;
  const formats = formatsOf(command);
  return formats.length < 2 || !formats.includes(format) ? format : undefined;
}

function checkPositionals(command: Command, positionals: string[]): void {
  const declared = command.positionals ?? [];
  if (positionals.length > declared.length) {
    throw new UsageError(`unexpected argument '${positionals[declared.length]}'`);
  }
  const missing = declared.slice(positionals.length).find((p) => p.required);
  if (missing) {
    throw new UsageError(`missing argument ${missing.name} (usage: gputop ${command.name} ...)`);
  }
}

/**
 * A command with a syntax of its own (`query`, nvidia-smi's) gets its arguments as they are
 * and parses them itself (see `Command.parsesOwnArguments`); only `--help` is taken here.
 */
function ownSyntaxInvocation(command: Command, rest: string[]): Invocation {
  if (rest.includes("-h") || rest.includes("--help")) {
    return { command: "help", positionals: [command.name], ...none() };
  }
  return { command: command.name, positionals: rest, ...none() };
}
