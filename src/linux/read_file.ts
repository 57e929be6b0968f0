/**
 * Small synchronous readers for /proc and /sys that turn every failure (missing file,
 * permission, a process that exited, EIO from a sleeping device) into null. Sync on purpose:
 * measured 3x faster than async for /proc walks (see reference/deno-toolchain.md).
 * Every read is bounded (`bounded_read.ts`): a file over its cap is never read whole; it is
 * null here, and OVER_CAP from the `…Capped` readers for callers that count such skips.
 * Reads go through libc where it loads (`libc/libc_bounded_read.ts`: no `stat` per read, no
 * exception per missing file), else through Deno's ops (`bounded_read.ts`).
 */
import {
  OVER_CAP,
  type OverCap,
  readBytesBounded,
  readTextBounded,
  VALUE_CAP_BYTES,
} from "./bounded_read.ts";
import { firstLineOf, mayBlockOnRead } from "./read_file_ops.ts";
import { loadLibc } from "./libc/libc_binding.ts";
import { LibcBoundedReader } from "./libc/libc_bounded_read.ts";

export { listDirOrNull, mayBlockOnRead } from "./read_file_ops.ts";

/** "auto": through libc where it loads and every read is granted; "ops": Deno's ops. */
export type FileReadPath = "auto" | "ops";

let readPath: FileReadPath = "auto";
/** The libc reader: undefined until the first read decides; null on the ops fallback. */
let libcReader: LibcBoundedReader | null | undefined;

/**
 * Tests (and `GPUTOP_SCAN=ops` parity checks): "ops" reads through Deno's ops with the `stat`
 * before each read, "auto" goes back to the default. Decided again on the next read.
 */
export function useFileReadPath(path: FileReadPath): void {
  readPath = path;
  libcReader = undefined;
}

/** Which path reads now: "libc" or "ops" (decided on first use). */
export function fileReadPathInUse(): "libc" | "ops" {
  return libcReaderOrNull() === null ? "ops" : "libc";
}

/**
 * The libc reader where libc loads (`libc_binding.ts`: Linux, FFI granted) and reading is
 * granted everywhere: FFI reads bypass Deno's read permission, so a process allowed to read
 * only some paths keeps the ops. Decided once per process.
 */
function libcReaderOrNull(): LibcBoundedReader | null {
  if (libcReader !== undefined) return libcReader;
  const libc = readPath === "auto" && readGrantedEverywhere() ? loadLibc() : null;
  libcReader = libc === null ? null : new LibcBoundedReader(libc);
  return libcReader;
}

function readGrantedEverywhere(): boolean {
  try {
    return Deno.permissions.querySync({ name: "read" }).state === "granted";
  } catch {
    return false;
  }
}

/**
 * File text; null when it cannot be read for any reason (including not a regular file);
 * OVER_CAP when it holds more than `capBytes` (only that much + 1 is read). `wholeInOneRead`:
 * see `readPidFileTextOrNull` (libc only; Deno's ops read to the end either way).
 */
export function readTextCapped(
  path: string,
  capBytes: number,
  wholeInOneRead = false,
): string | null | OverCap {
  const libc = libcReaderOrNull();
  if (libc !== null) return libc.readText(path, capBytes, wholeInOneRead);
  return mayBlockOnRead(path) ? null : readTextBounded(path, capBytes);
}

/** File text, or null when it cannot be read for any reason (over `capBytes` included). */
export function readTextOrNull(path: string, capBytes = VALUE_CAP_BYTES): string | null {
  const text = readTextCapped(path, capBytes);
  return text === OVER_CAP ? null : text;
}

/**
 * `readTextOrNull` for the `/proc/<pid>/` files that the kernel prints whole into any read with
 * room for them: `status`, `stat`, `comm` and `cgroup`, each one seq_file record
 * (fs/proc/base.c: `ONE(...)` entries open with `single_open`, `comm` too), and
 * fs/seq_file.c `seq_read_iter` grows its buffer until the record fits, then copies it all.
 * Through libc a read shorter than asked then ends the file, saving the read that returns 0
 * (a regular file in a user-given tree also reads short only at its end). Not for files of
 * several records (`mountinfo`, `maps`: about a page per read) nor `cmdline` (after
 * `setproctitle`, a page per read).
 */
export function readPidFileTextOrNull(path: string, capBytes = VALUE_CAP_BYTES): string | null {
  const text = readTextCapped(path, capBytes, true);
  return text === OVER_CAP ? null : text;
}

/** File bytes, or null when it cannot be read for any reason (over `capBytes` included). */
export function readBytesOrNull(path: string, capBytes = VALUE_CAP_BYTES): Uint8Array | null {
  const libc = libcReaderOrNull();
  if (libc === null && mayBlockOnRead(path)) return null;
  const bytes = libc === null ? readBytesBounded(path, capBytes) : libc.readBytes(path, capBytes);
  return bytes === OVER_CAP ? null : bytes;
}

/** First line, trimmed; null when unreadable or empty. */
export function readLineOrNull(path: string): string | null {
  return firstLineOf(readTextOrNull(path));
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

/** True when listing failed because of permissions (as opposed to "gone"). */
export function isPermissionError(error: unknown): boolean {
  return error instanceof Deno.errors.PermissionDenied ||
    error instanceof Deno.errors.NotCapable;
}
