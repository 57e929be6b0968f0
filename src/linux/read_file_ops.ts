/**
 * The readers of `read_file.ts` that never touch libc: the `stat` rule of its ops path
 * (`mayBlockOnRead`), a directory listing, and one line read through Deno's ops. For a caller
 * that reads a file or two, where loading the libc binding (its modules, then `dlopen` and one
 * fast-call trampoline per symbol, ~2 ms, on the first read) costs more than it saves: the drm
 * backend's answer on a machine with no DRM device. `read_file.ts` re-exports the first two.
 */
import { OVER_CAP, readTextBounded, VALUE_CAP_BYTES } from "./bounded_read.ts";
import { onKernelFilesystem } from "./kernel_mounts.ts";

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

/**
 * First line, trimmed, read through Deno's ops (with `mayBlockOnRead`'s rule); null when
 * unreadable, over `VALUE_CAP_BYTES` or empty: what `read_file.ts` `readLineOrNull` gives.
 */
export function readLineByOpsOrNull(path: string): string | null {
  const text = mayBlockOnRead(path) ? null : readTextBounded(path, VALUE_CAP_BYTES);
  return firstLineOf(text === OVER_CAP ? null : text);
}

/** The first line of a text, trimmed; null for no text or an empty line. */
export function firstLineOf(text: string | null): string | null {
  if (text === null) return null;
  const line = text.split("\n", 1)[0]?.trim() ?? "";
  return line === "" ? null : line;
}
