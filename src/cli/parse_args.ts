/**
 * The strict subset of node's `util.parseArgs` that gputop uses (string and boolean options,
 * `short`, `multiple`, positionals allowed, `--` ends options), with node's rules and node's
 * error messages. Why not node:util itself: the first `node:` import of a process makes Deno
 * set up its Node compatibility layer, about 10 ms, twice the start-up budget of
 * `gputop version` (README, Performance). `test/cli/parse_args_test.ts` runs both parsers on
 * the same command lines and fails on any difference in values, positionals or message.
 */

export interface ArgSpec {
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** What node throws: a TypeError whose `code` names the kind. */
export class ParseArgsError extends TypeError {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = "TypeError";
  }
}

interface Token {
  name: string;
  rawName: string;
  value: string | undefined;
  inlineValue: boolean;
}

/** node's `parseArgs({ args, options, allowPositionals: true, strict: true })`. */
export function parseArgs(
  args: readonly string[],
  options: Readonly<Record<string, ArgSpec>>,
): ParsedArgs {
  const values: ParsedArgs["values"] = Object.create(null);
  const positionals: string[] = [];
  const remaining = [...args];
  while (remaining.length > 0) {
    const arg = remaining.shift() as string;
    if (arg === "--") {
      positionals.push(...remaining);
      break;
    }
    const token = tokenOf(arg, remaining, options);
    if (token === null) {
      positionals.push(arg);
      continue;
    }
    if (token === "expanded") continue;
    store(values, token, options);
  }
  return { values, positionals };
}

/** One argument as an option token; null for a positional; "expanded" for a short group. */
function tokenOf(
  arg: string,
  remaining: string[],
  options: Readonly<Record<string, ArgSpec>>,
): Token | "expanded" | null {
  const isShortForm = arg.length >= 2 && arg[0] === "-" && arg[1] !== "-";
  if (isShortForm && arg.length === 2) {
    const name = longNameOf(arg.charAt(1), options);
    const takesValue = typeOf(name, options) === "string" && remaining.length > 0;
    const value = takesValue ? remaining.shift() : undefined;
    return { name, rawName: arg, value, inlineValue: false };
  }
  if (isShortForm) {
    const name = longNameOf(arg.charAt(1), options);
    if (typeOf(name, options) === "string") {
      return { name, rawName: `-${arg.charAt(1)}`, value: arg.slice(2), inlineValue: true };
    }
    remaining.unshift(...expandGroup(arg, options));
    return "expanded";
  }
  if (arg.startsWith("--") && arg.length > 2) {
    const equals = arg.indexOf("=", 3);
    if (equals === -1) {
      const name = arg.slice(2);
      const takesValue = typeOf(name, options) === "string" && remaining.length > 0;
      const value = takesValue ? remaining.shift() : undefined;
      return { name, rawName: arg, value, inlineValue: false };
    }
    const name = arg.slice(2, equals);
    return { name, rawName: `--${name}`, value: arg.slice(equals + 1), inlineValue: true };
  }
  return null;
}

/** `-abfFILE` → `-a -b -fFILE`: booleans one by one; a string option takes the rest. */
function expandGroup(arg: string, options: Readonly<Record<string, ArgSpec>>): string[] {
  const expanded: string[] = [];
  for (let index = 1; index < arg.length; index++) {
    const short = arg.charAt(index);
    if (typeOf(longNameOf(short, options), options) !== "string" || index === arg.length - 1) {
      expanded.push(`-${short}`);
    } else {
      expanded.push(`-${arg.slice(index)}`);
      break;
    }
  }
  return expanded;
}

function store(
  values: ParsedArgs["values"],
  token: Token,
  options: Readonly<Record<string, ArgSpec>>,
): void {
  if (!Object.hasOwn(options, token.name)) {
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_UNKNOWN_OPTION",
      `Unknown option '${token.rawName}'. To specify a positional argument starting with a '-', ` +
        `place it at the end of the command after '--', as in '-- ${JSON.stringify(token.rawName)}`,
    );
  }
  const spec = options[token.name] as ArgSpec;
  const shortAndLong = `${spec.short ? `-${spec.short}, ` : ""}--${token.name}`;
  if (spec.type === "string" && typeof token.value !== "string") {
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${shortAndLong} <value>' argument missing`,
    );
  }
  if (spec.type === "boolean" && token.value !== undefined) {
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${shortAndLong}' does not take an argument`,
    );
  }
  if (
    !token.inlineValue && token.value !== undefined && token.value.length > 1 &&
    token.value[0] === "-"
  ) {
    const example = token.rawName.startsWith("--")
      ? `'${token.rawName}=-XYZ'`
      : `'--${token.name}=-XYZ' or '${token.rawName}-XYZ'`;
    throw new ParseArgsError(
      "ERR_PARSE_ARGS_INVALID_OPTION_VALUE",
      `Option '${token.rawName}' argument is ambiguous.\n` +
        `Did you forget to specify the option argument for '${token.rawName}'?\n` +
        `To specify an option argument starting with a dash use ${example}.`,
    );
  }
  const value = token.value ?? true;
  if (spec.multiple) {
    const list = values[token.name];
    if (Array.isArray(list)) list.push(value);
    else values[token.name] = [value];
  } else {
    values[token.name] = value;
  }
}

/** The option whose `short` is `letter`, else the letter itself (as node looks it up). */
function longNameOf(letter: string, options: Readonly<Record<string, ArgSpec>>): string {
  for (const [name, spec] of Object.entries(options)) {
    if (spec.short === letter) return name;
  }
  return letter;
}

function typeOf(name: string, options: Readonly<Record<string, ArgSpec>>): string | undefined {
  return Object.hasOwn(options, name) ? options[name]?.type : undefined;
}
