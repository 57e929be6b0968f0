/**
 * Turns argv into a command name, its positional arguments and validated options. The command
 * is the first positional argument (default `snapshot`); the options accepted are the global
 * ones plus that command's own (registry.ts). Every mistake becomes a UsageError whose
 * one-line message names the bad flag or value.
 */
import type { Command, Invocation } from "./command.ts";
import type { OptionSpec, OptionSpecs, OptionValue } from "./option_spec.ts";
import { type ArgSpec, parseArgs } from "./parse_args.ts";
import { explicitFormat, GLOBAL_OPTIONS, resolveGlobalOptions } from "./global_options.ts";
import { COMMANDS, DEFAULT_COMMAND, DEFAULT_FORMATS, findCommand } from "./registry.ts";
import { UsageError } from "../platform/usage_error.ts";
import { joinNegativeValues } from "./validate_options.ts";

export type { CliOptions, OutputFormat } from "./global_options.ts";
/** Kept for the commands written before the registry: the same as `Invocation`. */
export type ParsedCommandLine = Invocation;

export function parseCommandLine(
  args: readonly string[],
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): Invocation {
  const at = commandIndex(args);
  const named = at === -1 ? undefined : args[at];
  const command = named === undefined ? findCommand(DEFAULT_COMMAND) : findCommand(named);
  if (!command) {
    throw new UsageError(
      `unknown command '${named}' (commands: ${COMMANDS.map((c) => c.name).join(", ")})`,
    );
  }
  const rest = at === -1 ? [...args] : [...args.slice(0, at), ...args.slice(at + 1)];
  if (command.parsesOwnArguments) return ownSyntaxInvocation(command, rest, env, stdoutIsTerminal);
  const { values, positionals } = parseFor(command, rest);

  if (values.help === true) {
    return helpInvocation(named === undefined ? [] : [command.name], values, env);
  }
  if (values.version === true) return invocation("version", [], values, env, stdoutIsTerminal);
  checkFormat(command, values);
  checkPositionals(command, positionals);
  return invocation(command.name, positionals, values, env, stdoutIsTerminal);
}

/** The merged option spec a command parses with: its own options plus the global ones. */
export function optionsOf(command: Command): OptionSpecs {
  return { ...GLOBAL_OPTIONS, ...command.options };
}

function parseFor(command: Command, args: string[]) {
  const spec: Record<string, ArgSpec> = {};
  for (const [name, option] of Object.entries(optionsOf(command))) {
    spec[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      ...(option.multiple ? { multiple: true } : {}),
    };
  }
  try {
    const parsed = parseArgs(joinNegativeValues(args, spec), spec);
    return {
      values: parsed.values as Record<string, OptionValue>,
      positionals: parsed.positionals,
    };
  } catch (error) {
    throw new UsageError(describeParseError(error, command));
  }
}

/**
 * Where the command name is: the first argument that is neither an option nor the value of a
 * global option that takes one (`--format json ps`). -1 when there is none. A flag before the
 * command that is not a global option is a usage error naming it, rather than having its value
 * taken for the command (`--interval 2s watch` is not "unknown command '2s'").
 */
function commandIndex(args: readonly string[]): number {
  const takesValue = (name: string) => GLOBAL_OPTIONS[name]?.type === "string";
  const shortTakesValue = (letter: string) =>
    Object.values(GLOBAL_OPTIONS).some((o) => o.short === letter && o.type === "string");
  const isShort = (letter: string) => Object.values(GLOBAL_OPTIONS).some((o) => o.short === letter);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") return args.length > i + 1 ? i + 1 : -1;
    if (arg.startsWith("--")) {
      const name = arg.slice(2).split("=")[0] ?? "";
      if (!Object.hasOwn(GLOBAL_OPTIONS, name)) {
        throw misplacedOption(`--${name}`, (_option, n) => n === name);
      }
      if (!arg.includes("=") && takesValue(name)) i++;
    } else if (arg.startsWith("-") && arg.length > 1) {
      const letter = arg.charAt(1);
      if (!isShort(letter)) throw misplacedOption(`-${letter}`, (o) => o.short === letter);
      if (arg.length === 2 && shortTakesValue(letter)) i++;
    } else return i;
  }
  return -1;
}

/** A non-global flag before the command: whose option it is, or that nobody knows it. */
function misplacedOption(
  flag: string,
  matches: (option: OptionSpec, name: string) => boolean,
): UsageError {
  const owners = COMMANDS.filter((command) =>
    Object.entries(command.options).some(([name, option]) => matches(option, name))
  ).map((command) => command.name);
  if (owners.length === 0) return new UsageError(`unknown option '${flag}'`);
  const [first, ...others] = owners;
  const also = others.length > 0 ? ` (and ${others.join(", ")})` : "";
  return new UsageError(`'${flag}' is an option of ${first}${also}: put it after the command`);
}

/** `--format`/`--json`/`--csv` naming a format the command cannot print is a usage error. */
function checkFormat(command: Command, values: Readonly<Record<string, OptionValue>>): void {
  const format = explicitFormat(values);
  const formats: readonly string[] = command.formats ?? DEFAULT_FORMATS;
  if (format === undefined || formats.includes(format)) return;
  throw new UsageError(
    formats.length === 0
      ? `${command.name} has one fixed output: it takes no --format, --json or --csv (got ${format})`
      : `${command.name} prints ${formats.join(" or ")}, not ${format}`,
  );
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

function invocation(
  command: string,
  positionals: string[],
  values: Record<string, OptionValue>,
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): Invocation {
  return {
    command,
    positionals,
    options: resolveGlobalOptions(values, env, stdoutIsTerminal),
    values,
  };
}

/** A command with a syntax of its own gets its arguments as they are (see `Command`). */
function ownSyntaxInvocation(
  command: Command,
  rest: string[],
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): Invocation {
  if (rest.includes("-h") || rest.includes("--help")) {
    return helpInvocation([command.name], {}, env);
  }
  if (rest.includes("-V") || rest.includes("--version")) {
    return invocation("version", [], {}, env, stdoutIsTerminal);
  }
  return invocation(command.name, rest, {}, env, stdoutIsTerminal);
}

/** `--help` wins over everything else, even an invalid --format next to it. */
function helpInvocation(
  positionals: string[],
  values: Record<string, OptionValue>,
  env: (name: string) => string | undefined,
): Invocation {
  let options;
  try {
    options = resolveGlobalOptions(values, env, false);
  } catch {
    options = resolveGlobalOptions({}, env, false);
  }
  return { command: "help", positionals, options, values };
}

/** parseArgs messages (node's) run on with advice; keep the first sentence, name the flag. */
function describeParseError(error: unknown, command: Command): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split(/\.\s/)[0] ?? message;
  const text = first.charAt(0).toLowerCase() + first.slice(1).replace(/\.$/, "");
  return /unknown option/i.test(text) && command.name !== DEFAULT_COMMAND
    ? `${text} for '${command.name}' (see gputop ${command.name} --help)`
    : text;
}
