/**
 * Small synchronous readers for /proc and /sys that turn every failure (missing file,
 * permission, a process that exited, EIO from a sleeping device) into null. Sync on purpose:
 * measured 3x faster than async for /proc walks (see reference/deno-toolchain.md).
 * Every read is bounded (`bounded_read.ts`): a file over its cap is never read whole; it is
 * null here, and OVER_CAP from the `…Capped` readers for callers that count such skips.
 */
import {
  OVER_CAP,
  type OverCap,
  readBytesBounded,
  readTextBounded,
  VALUE_CAP_BYTES,
} from "./bounded_read.ts";
import { onKernelFilesystem } from "./kernel_mounts.ts";

/**
 * Whether a read of `path` may block: false for /proc and /sys and anything else on a procfs or
 * sysfs mount (a user-given `--proc-root /host/proc`: `kernel_mounts.ts`, decided once per
 * process, not per read), whose files are all regular; otherwise true only when the path is not
 * a regular file. A user-given --sys-root or --proc-root that is a plain directory tree can hold
 * a FIFO or a device, and a synchronous read of one blocks the event loop for good (signal
 * listeners included), so such a tree keeps the `stat` before each read.
 */
export function mayBlockOnRead(path: string): boolean {
  if (path.startsWith("/proc/") || path.startsWith("/sys/") || onKernelFilesystem(path)) {
    return false;
  }
  try {
    return !Deno.statSync(path).isFile;
  } catch {
    return false; // missing or unreadable: the read itself fails and says so
  }
}

/**
 * File text; null when it cannot be read for any reason (including not a regular file);
 * OVER_CAP when it holds more than `capBytes` (only that much + 1 is read).
 */
export function readTextCapped(path: string, capBytes: number): string | null | OverCap {
  return mayBlockOnRead(path) ? null : readTextBounded(path, capBytes);
}

/** File text, or null when it cannot be read for any reason (over `capBytes` included). */
export function readTextOrNull(path: string, capBytes = VALUE_CAP_BYTES): string | null {
  const text = readTextCapped(path, capBytes);
  return text === OVER_CAP ? null : text;
}

/** File bytes, or null when it cannot be read for any reason (over `capBytes` included). */
export function readBytesOrNull(path: string, capBytes = VALUE_CAP_BYTES): Uint8Array | null {
  if (mayBlockOnRead(path)) return null;
  const bytes = readBytesBounded(path, capBytes);
  return bytes === OVER_CAP ? null : bytes;
}

/** First line, trimmed; null when unreadable or empty. */
export function readLineOrNull(path: string): string | null {
  const text = readTextOrNull(path);
  if (text === null) return null;
  const line = text.split("\n", 1)[0]?.trim() ?? "";
  return line === "" ? null : line;
}

/** A decimal integer file (sysfs style); null when unreadable or not an integer. */
export function readIntOrNull(path: string): number | null {
  const line = readLineOrNull(path);
  if (line === null || !/^-?\d+$/.test(line)) return null;
  const value = Number(line);
  return Number.isSafeInteger(value) ? value : null;
}

/** A decimal integer file that may pass 2^53 (energy, counters), as bigint. */
export function readBigIntOrNull(path: string): bigint | null {
  const line = readLineOrNull(path);
  if (line === null || !/^-?\d+$/.test(line)) return null;
  return BigInt(line);
}

/** Symlink target, or null. */
export function readLinkOrNull(path: string): string | null {
  try {
    return Deno.readLinkSync(path);
  } catch {
    return null;
  }
}

/** Directory entry names, or null when the directory cannot be listed. */
export function listDirOrNull(path: string): string[] | null {
  try {
    const names: string[] = [];
    for (const entry of Deno.readDirSync(path)) names.push(entry.name);
    return names;
  } catch {
    return null;
  }
}

/** True when listing failed because of permissions (as opposed to "gone"). */
export function isPermissionError(error: unknown): boolean {
  return error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.NotCapable;
}
