/**
 * The soft limit on open files (RLIMIT_NOFILE) of this process, read from /proc/self/limits
 * (Linux) without running a program: Deno raises the soft limit to the hard one when it
 * starts, so the figure must come from inside the process, not from a shell's `ulimit`.
 * Where there is no /proc (macOS, Windows) or the line cannot be read, the limit is taken to
 * be DEFAULT_OPEN_FILE_LIMIT, the common soft default on Linux.
 */
export const DEFAULT_OPEN_FILE_LIMIT = 1024;

export const LIMITS_FILE = "/proc/self/limits";

/** The soft "Max open files" of a /proc/<pid>/limits text; Infinity for "unlimited". */
export function parseOpenFileLimit(text: string): number | null {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(text);
  if (!match) return null;
  if (match[1] === "unlimited") return Infinity;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

export function readOpenFileLimit(
  readText: (path: string) => string = Deno.readTextFileSync,
): number {
  try {
    return parseOpenFileLimit(readText(LIMITS_FILE)) ?? DEFAULT_OPEN_FILE_LIMIT;
  } catch {
    return DEFAULT_OPEN_FILE_LIMIT;
  }
}
