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
import { onKernelFilesystem } from "./kernel_mounts.ts";
import { loadLibc } from "./libc/libc_binding.ts";
import { LibcBoundedReader } from "./libc/libc_bounded_read.ts";

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
 * Whether a read of `path` may block: false for /proc and /sys and anything else on a procfs or
 * sysfs mount (a user-given `--proc-root /host/proc`: `kernel_mounts.ts`, decided once per
 * process, not per read), whose files are all regular; otherwise true only when the path is not
 * a regular file. A user-given --sys-root or --proc-root that is a plain directory tree can hold
 * a FIFO or a device, and a synchronous read of one blocks the event loop for good (signal
 * listeners included), so such a tree keeps the `stat` before each read. Only on the ops path:
 * through libc (`libc/libc_bounded_read.ts`) files are opened O_NONBLOCK and read with `pread`,
 * which never blocks on a FIFO (ESPIPE) or an idle device (EAGAIN), so no `stat` is needed.
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
  const libc = libcReaderOrNull();
  if (libc !== null) return libc.readText(path, capBytes);
  return mayBlockOnRead(path) ? null : readTextBounded(path, capBytes);
}

/** File text, or null when it cannot be read for any reason (over `capBytes` included). */
export function readTextOrNull(path: string, capBytes = VALUE_CAP_BYTES): string | null {
  const text = readTextCapped(path, capBytes);
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

/**
 * `readLineOrNull` for a read that may be the process's only one (the drm backend finding no
 * device reads just the kernel release): through libc when it is loaded already, else through
 * Deno's ops (with the same `stat` rule), since loading libc (`dlopen` and one fast-call
 * trampoline per symbol, ~2 ms) costs far more than it saves on one file. Same answer.
 */
export function readLineOrNullWithoutLoadingLibc(path: string): string | null {
  if (libcReader !== undefined) return readLineOrNull(path);
  const text = mayBlockOnRead(path) ? null : readTextBounded(path, VALUE_CAP_BYTES);
  return firstLineOf(text === OVER_CAP ? null : text);
}

function firstLineOf(text: string | null): string | null {
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
