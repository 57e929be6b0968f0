/** What a `ProcessEnricher` (`enrich_processes.ts`) is made with. */
import type { ScanPath } from "../linux/fdinfo/choose_proc_reader.ts";

export interface ProcessEnricherOptions {
  procRoot: string;
  /**
   * `--root`: `etc/passwd` and `var/log/pods` are read under it. Null or absent: beside the
   * proc root (`/proc` → `/etc/passwd`, falling back to it; `/var/log/pods`).
   */
  rootDir?: string | null;
  /** null: one-shot, read everything on every call. A number: cache (see the module comment). */
  rescanIntervalMs: number | null;
  /** Monotonic clock in milliseconds (for the passwd and cgroup refresh, and CPU %). */
  nowMs: () => number;
  /**
   * Bytes per page of `stat`'s resident pages; default read once from `/proc/self/auxv`.
   * Null: unknown, RSS comes from `status` instead.
   */
  pageSizeBytes?: number | null;
  /**
   * How a long-running session reads each known process's `stat` every sample: "auto" through
   * the scan's reader (libc's openat + pread where it loads: no string path, no exception for a
   * missing file), "ops" Deno's ops (`GPUTOP_SCAN=ops`). One-shot reads always use the ops.
   */
  scan?: ScanPath;
  /** The bench's reopen hook (`linux/keep_open_hook.ts`): keep no `stat` file open. */
  reopenStatFiles?: boolean;
}
