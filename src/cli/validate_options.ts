/**
 * Checks on option values that node's parseArgs cannot express, kept apart from
 * parse_options.ts so that file only wires them in. Each mistake is a UsageError (exit 2)
 * whose one line names the flag (or variable) and the value.
 */
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
