/**
 * Which way the DRM client scan reads `/proc`: through libc (`../libc/libc_proc_reader.ts`)
 * where it loads, else Deno's ops (`ops_proc_reader.ts`). `scan: "ops"` (the CLI's
 * `GPUTOP_SCAN=ops`) forces the ops path; tests also pass their own libc candidates (a missing
 * file shows the fallback) and a keep-open bound.
 */
import { type Libc, LIBC_CANDIDATES, loadLibc, softOpenFileLimit } from "../libc/libc_binding.ts";
import { keepOpenPlan, type StatxCall } from "../libc/kept_file_check.ts";
import type { InotifyCalls } from "../libc/inotify_binding.ts";
import { LibcProcReader } from "../libc/libc_proc_reader.ts";
import { OpsProcReader } from "./ops_proc_reader.ts";
import type { ProcScanReader } from "./proc_scan_reader.ts";

/** "auto": libc where it loads, else ops; "ops": always Deno's ops. */
export type ScanPath = "auto" | "ops";

export interface ProcReaderOptions {
  scan?: ScanPath;
  /** The libcs to try (default `LIBC_CANDIDATES`). */
  libcCandidates?: readonly string[];
  /** Most fdinfo files kept open at once (default `defaultKeepOpenLimit`); 0 keeps none. */
  keepOpenLimit?: number;
  /** The bench's reopen hook (`../keep_open_hook.ts`): keep no fdinfo file open. */
  reopenFiles?: boolean;
  /** Tests: the `statx` binding (null: a libc without it; `../libc/kept_file_check.ts`). */
  statx?: StatxCall | null;
  /** Tests: the inotify calls (null: a libc without them: every kept file `statx`ed). */
  inotify?: InotifyCalls | null;
}

/** Never more kept-open fdinfo files than this, whatever the limit allows. */
export const KEEP_OPEN_MAX = 8192;
/** When getrlimit cannot say. */
const KEEP_OPEN_UNKNOWN_LIMIT = 256;

/**
 * At most half the soft RLIMIT_NOFILE (the other half stays free for the process: vendor
 * libraries, sockets, the user's own files when gputop runs as a library), and KEEP_OPEN_MAX.
 */
export function defaultKeepOpenLimit(libc: Libc): number {
  const soft = softOpenFileLimit(libc);
  if (soft === null) return KEEP_OPEN_UNKNOWN_LIMIT;
  return Math.max(0, Math.min(KEEP_OPEN_MAX, Math.floor(soft / 2)));
}

/** Whether reading `procRoot` is granted: FFI reads bypass Deno's read permission. */
function readGranted(procRoot: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "read", path: procRoot }).state === "granted";
  } catch {
    return false;
  }
}

/**
 * The reader for one scanner. `incremental`: whether fdinfo files may be kept open (a one-shot
 * scan reads each once, so it keeps none). Under a procfs root kept files answer each read
 * afresh and fail once their fd is closed; under a plain tree their directories are watched
 * with inotify (else each is checked by `statx` before its read), and none is kept where the
 * libc has no `statx` (`../libc/kept_file_check.ts`).
 */
export function chooseProcReader(
  procRoot: string,
  incremental: boolean,
  options: ProcReaderOptions = {},
): ProcScanReader {
  if (options.scan === "ops" || !readGranted(procRoot)) return new OpsProcReader(procRoot);
  const libc = loadLibc(options.libcCandidates ?? LIBC_CANDIDATES);
  if (libc === null) return new OpsProcReader(procRoot);
  const plan = incremental ? keepOpenPlan(procRoot, libc.name, options) : null;
  const limit = plan !== null ? options.keepOpenLimit ?? defaultKeepOpenLimit(libc) : 0;
  return new LibcProcReader(libc, procRoot, limit, incremental, plan?.check ?? null);
}

/** `GPUTOP_SCAN` as a scan path: "ops" forces Deno's ops; anything else is "auto". */
export function scanPathOf(value: string | undefined): ScanPath {
  return value === "ops" ? "ops" : "auto";
}
