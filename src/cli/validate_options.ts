/**
 * Checks on option values that node's parseArgs cannot express, kept apart from
 * parse_options.ts so that file only wires them in. Each mistake is a UsageError (exit 2)
 * whose one line names the flag (or variable) and the value.
 */
import type { OptionValue } from "./option_spec.ts";
import { UsageError } from "../platform/usage_error.ts";

/**
 * `-i/--id` values → the ids. An empty id (`-i ''`, `-i ','`, `-i 0,,1`) is a mistake, not
 * "no filter" and not "no device": it would silently drop every device.
 */
export function parseIdList(values: readonly string[]): string[] {
  const ids: string[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      const id = part.trim();
      if (id === "") {
        throw new UsageError(
          `invalid value for --id: '${value}' (an empty id; expected index, UUID or PCI address)`,
        );
      }
      ids.push(id);
    }
  }
  return ids;
}

/**
 * A root directory given by `--proc-root`/`--sys-root` (or their variables): it must exist
 * and be a directory, else every reading under it would silently be empty.
 */
export function checkRootDirectory(name: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  if (path.trim() === "") throw new UsageError(`invalid value for ${name}: empty path`);
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? "no such directory"
      : error instanceof Deno.errors.PermissionDenied
      ? "permission denied"
      : "cannot be read";
    throw new UsageError(`invalid value for ${name}: '${path}' (${why})`);
  }
  if (!info.isDirectory) {
    throw new UsageError(`invalid value for ${name}: '${path}' (not a directory)`);
  }
  return path;
}

/**
 * node's parseArgs reads `--sample-window -1` as a flag with its value missing ("argument is
 * ambiguous"). A value that starts with `-` and then a digit or a dot is a negative number,
 * never a flag of gputop's, so it is joined to its flag (`--sample-window=-1`) and then
 * judged like any other value.
 */
export function joinNegativeValues(
  args: readonly string[],
  spec: Readonly<Record<string, { type: string; short?: string }>>,
): string[] {
  const takesValue = (flag: string) =>
    Object.entries(spec).some(([name, option]) =>
      option.type === "string" &&
      (flag === `--${name}` || (option.short !== undefined && flag === `-${option.short}`))
    );
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (arg === "--") {
      joined.push(...args.slice(i));
      break;
    }
    if (next !== undefined && /^-[\d.]/.test(next) && takesValue(arg)) {
      joined.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      i++;
      continue;
    }
    joined.push(arg);
  }
  return joined;
}

/**
 * What `joinNegativeValues` left that still starts with `-` and a digit or a dot (`fit -1GiB`)
 * is no flag of gputop's either: it is moved behind `--` so the parser takes it for the
 * positional argument it is, and the command judges its value (`invalid size '-1GiB'`)
 * rather than the parser calling it an unknown option `-1`.
 */
export function negativeNumbersAsPositionals(args: readonly string[]): string[] {
  const end = args.indexOf("--");
  const before = end === -1 ? [...args] : args.slice(0, end);
  const after = end === -1 ? [] : args.slice(end + 1);
  const numbers = before.filter((arg) => /^-[\d.]/.test(arg));
  if (numbers.length === 0) return [...args];
  return [...before.filter((arg) => !/^-[\d.]/.test(arg)), "--", ...numbers, ...after];
}

/**
 * One rule for every option of every command: an option that takes one value may be given
 * once (a second, even the same, is a usage error naming it, rather than the last silently
 * winning); list options (`multiple`) add up; a flag without a value may be repeated. The
 * parser collects every string option as a list so that this can count them; a single-value
 * option's list becomes its one value here. No value may start or end with whitespace
 * (`--interval ' 1s'`): it is a quoting mistake, not a value.
 */
export function singleValues(
  values: Readonly<Record<string, OptionValue>>,
  spec: Readonly<Record<string, { type: string; multiple?: boolean }>>,
): Record<string, OptionValue> {
  const result: Record<string, OptionValue> = {};
  for (const [name, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    for (const item of list) {
      if (typeof item === "string" && item !== item.trim()) {
        throw new UsageError(
          `invalid value for --${name}: '${item}' (leading or trailing whitespace)`,
        );
      }
    }
    const option = spec[name];
    if (option?.type === "string" && !option.multiple && list.length > 1) {
      throw new UsageError(
        `--${name} given ${list.length} times (${
          list.map((v) => `'${v}'`).join(", ")
        }): it takes one value`,
      );
    }
    result[name] = option?.type === "string" && !option.multiple ? list[0] : value;
  }
  return result;
}
