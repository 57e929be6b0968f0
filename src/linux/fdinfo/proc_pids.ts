/**
 * What the DRM client scan reads of `/proc` besides fds: the numeric entries of a directory
 * (pids, fd numbers), a process's start time, and the last pid the kernel handed out. Names
 * are checked by char code and fields found by index: this runs for every sample.
 */
import { readTextOrNull } from "../read_file.ts";

/** A decimal name (a pid or an fd) as a number; -1 for anything else. */
function numericName(name: string): number {
  const length = name.length;
  if (length === 0 || length > 10) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const code = name.charCodeAt(i);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/** Numeric names of a directory, ascending; throws what `Deno.readDirSync` throws. */
export function numericEntries(path: string): number[] {
  const numbers: number[] = [];
  for (const entry of Deno.readDirSync(path)) {
    const value = numericName(entry.name);
    if (value >= 0) numbers.push(value);
  }
  return numbers.sort((a, b) => a - b);
}

/**
 * Start time of a process (field 22 of `/proc/<pid>/stat`, clock ticks since boot): a pid
 * with a different start time is a different process. Null when the process is gone.
 * The name (field 2) may hold spaces and parentheses, so fields are counted after the LAST ')'.
 */
export function readStartTime(procRoot: string, pid: number): string | null {
  return startTimeIn(readTextOrNull(`${procRoot}/${pid}/stat`));
}

/** Field 22 of a `stat` text (see `readStartTime`); null for null or a malformed text. */
export function startTimeIn(text: string | null): string | null {
  if (text === null) return null;
  let at = text.lastIndexOf(")");
  if (at < 0) return null;
  // After ')': " state ppid …"; field 3 (state) is the first. Field 22 is 20 spaces on.
  for (let field = 2; field < 22; field++) {
    at = text.indexOf(" ", at + 1);
    if (at < 0) return null;
  }
  const end = text.indexOf(" ", at + 1);
  const value = text.slice(at + 1, end < 0 ? undefined : end).trim();
  return value === "" ? null : value;
}

/** The last pid handed out (5th field of `loadavg`: "0.00 0.01 0.05 1/170 20301"); or null. */
export function lastPidOf(procRoot: string): string | null {
  return lastPidIn(readTextOrNull(`${procRoot}/loadavg`));
}

/** The last field of a `loadavg` text (see `lastPidOf`); null for null or an empty one. */
export function lastPidIn(text: string | null): string | null {
  if (text === null) return null;
  const value = text.slice(text.lastIndexOf(" ") + 1).trim();
  return value === "" ? null : value;
}
