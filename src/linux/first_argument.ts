/**
 * A process's first argument as it was started (`./gpu_burn`, `/usr/bin/python3`), from
 * `/proc/<pid>/cmdline`: what nvidia-smi prints as `process_name`. Unlike the joined command
 * line it keeps an argument with spaces whole, and unlike `comm` it is not cut to 15 bytes.
 */
import { readTextOrNull } from "./read_file.ts";

/** The text up to the first NUL of a cmdline file; null when empty (kernel threads). */
export function parseFirstArgument(cmdline: string | null): string | null {
  if (cmdline === null) return null;
  const end = cmdline.indexOf("\0");
  const first = end === -1 ? cmdline : cmdline.slice(0, end);
  return first === "" ? null : first;
}

/** Null when the process is gone, hidden (hidepid) or has no arguments. */
export function readFirstArgument(procRoot: string, pid: number): string | null {
  return parseFirstArgument(readTextOrNull(`${procRoot}/${pid}/cmdline`));
}
