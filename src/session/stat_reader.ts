/**
 * How a long-running session's enrichment reads each known process's `stat` every sample:
 * through libc where it loads (no string path, no exception for a missing file), with the file
 * kept open between samples (`linux/libc/kept_stat_files.ts`: one `pread` a process a sample;
 * under a plain tree one `statx` before it, and none kept where the libc has no `statx`:
 * `linux/libc/kept_file_check.ts`), at most KEPT_STAT_MAX files and an eighth of the soft
 * RLIMIT_NOFILE (the scan's kept fdinfo files take at most half); else Deno's ops
 * (`GPUTOP_SCAN=ops`, no libc, no FFI permission). Imported (`import()`) when a long-running
 * session opens: a one-shot reading never loads the libc binding for it.
 */
import { chooseProcReader, type ScanPath } from "../linux/fdinfo/choose_proc_reader.ts";
import { loadLibc, softOpenFileLimit } from "../linux/libc/libc_binding.ts";
import { keepOpenPlan, type StatxCall } from "../linux/libc/kept_file_check.ts";
import { KeptStatFiles } from "../linux/libc/kept_stat_files.ts";

/** Never more kept-open `stat` files than this. */
export const KEPT_STAT_MAX = 2048;

export interface StatReader {
  read(pid: number): string | null;
  /** Frees what is kept for pids `wanted` says no to (processes gone from the sample). */
  retain(wanted: (pid: number) => boolean): void;
  close(): void;
}

export interface StatReaderOptions {
  scan: ScanPath;
  /** The bench's reopen hook (`linux/keep_open_hook.ts`): keep no `stat` file open. */
  reopenFiles?: boolean;
  /** Tests: the `statx` binding (null: a libc without it). */
  statx?: StatxCall | null;
}

/** The reader, or null where Deno's ops read `stat` (the caller's own path). */
export function statReaderFor(procRoot: string, options: StatReaderOptions): StatReader | null {
  if (options.scan === "ops") return null;
  const reader = chooseProcReader(procRoot, false, { scan: options.scan });
  if (reader.kind !== "libc") return null;
  const libc = loadLibc();
  const plan = libc === null ? null : keepOpenPlan(procRoot, libc.name, options);
  if (libc === null || plan === null) {
    return { read: (pid) => reader.readStat(pid), retain: () => {}, close: () => {} };
  }
  const soft = softOpenFileLimit(libc);
  const limit = Math.min(KEPT_STAT_MAX, Math.floor((soft ?? 256) / 8));
  const kept = new KeptStatFiles(libc, procRoot, limit, plan.check);
  return {
    read: (pid) => kept.read(pid),
    retain: (wanted) => kept.retain(wanted),
    close: () => kept.close(),
  };
}
