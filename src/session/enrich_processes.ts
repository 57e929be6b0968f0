/**
 * Fills a process's name, command line, user and RSS from /proc when the backend did not
 * give them. Shared by every backend, so no backend reads /proc/<pid>/status itself.
 * On systems without /proc (macOS, Windows) every read fails quietly and fields stay null.
 *
 * One-shot (`enrichProcesses`, or a `ProcessEnricher` without a rescan interval): every
 * process is read in full (`status`, `comm`, `cmdline`) on every call.
 *
 * Long-running sessions (`ProcessEnricher` with a rescan interval): name, command line and
 * user never change for one process instance, identified by (pid, start time from
 * `/proc/<pid>/stat`). So a known process costs one small read per sample, `stat`, which
 * gives both its start time and its resident pages; it is read in full again only when the
 * start time changed (the pid now names another process). Entries of pids absent from a
 * sample are dropped. The passwd file is read again at most once per rescan interval.
 * RSS from `stat` is the kernel's fast sum of its per-CPU counters (what `ps` and `top`
 * show), which may trail `status`'s exact `VmRSS` by less than one counter batch per CPU.
 * Where `stat` is unreadable but `status` is not (a fixture tree without `stat`), the
 * process is taken to be the same one, as the DRM scanner does, and RSS comes from `status`
 * (`stat` is not tried again for that process).
 */
import {
  parseStat,
  parseStatus,
  type ProcessInfo,
  readPageSizeBytes,
  readProcessInfo,
} from "../linux/process_info.ts";
import { readTextOrNull } from "../linux/read_file.ts";
import { passwdPathFor, UserNames } from "../linux/user_names.ts";
import type { GpuProcess } from "../model/types.ts";

/** One-shot: reads every process in full. */
export function enrichProcesses(processes: readonly GpuProcess[], procRoot: string): GpuProcess[] {
  if (processes.length === 0) return [];
  const passwdPath = passwdPathFor(procRoot);
  const infoByPid = new Map<number, ProcessInfo>();
  return processes.map((process) => {
    let info = infoByPid.get(process.pid);
    if (!info) {
      info = readProcessInfo(procRoot, process.pid, passwdPath);
      infoByPid.set(process.pid, info);
    }
    return withInfo(process, info);
  });
}

export interface ProcessEnricherOptions {
  procRoot: string;
  /** null: one-shot, read everything on every call. A number: cache (see the module comment). */
  rescanIntervalMs: number | null;
  /** Monotonic clock in milliseconds (for the passwd refresh). */
  nowMs: () => number;
  /**
   * Bytes per page of `stat`'s resident pages; default read once from `/proc/self/auxv`.
   * Null: unknown, RSS comes from `status` instead.
   */
  pageSizeBytes?: number | null;
}

/** What is kept of one process instance between samples. */
interface KnownProcess {
  /** Null when `stat` was unreadable (see the module comment). */
  startTime: string | null;
  name: string | null;
  command: string | null;
  user: string | null;
}

export class ProcessEnricher {
  readonly #procRoot: string;
  readonly #cached: boolean;
  readonly #users: UserNames;
  #pageSizeBytes: number | null | undefined;
  #known = new Map<number, KnownProcess>();

  constructor(options: ProcessEnricherOptions) {
    this.#procRoot = options.procRoot;
    this.#cached = options.rescanIntervalMs !== null;
    this.#users = new UserNames(options.procRoot, options.rescanIntervalMs, options.nowMs);
    this.#pageSizeBytes = options.pageSizeBytes;
  }

  /** The processes with /proc's fields filled in; backend-given user and RSS win. */
  enrich(processes: readonly GpuProcess[]): GpuProcess[] {
    if (!this.#cached) {
      this.#known.clear();
      return this.#enrichWith(processes, (pid) => this.#readFull(pid));
    }
    const previous = this.#known;
    const known = new Map<number, KnownProcess>();
    const enriched = this.#enrichWith(
      processes,
      (pid) => this.#readKnown(pid, previous.get(pid), known),
    );
    // Pids not in this sample are forgotten: a later process with the same pid is read anew.
    this.#known = known;
    return enriched;
  }

  #enrichWith(
    processes: readonly GpuProcess[],
    read: (pid: number) => ProcessInfo,
  ): GpuProcess[] {
    if (processes.length === 0) return [];
    // A process on two devices is two rows and one read.
    const infoByPid = new Map<number, ProcessInfo>();
    return processes.map((process) => {
      let info = infoByPid.get(process.pid);
      if (!info) {
        info = read(process.pid);
        infoByPid.set(process.pid, info);
      }
      return withInfo(process, info);
    });
  }

  #readFull(pid: number): ProcessInfo {
    return readProcessInfo(this.#procRoot, pid, (uid) => this.#users.nameFor(uid));
  }

  /** One process in a long-running session: `stat` only when it is known and the same. */
  #readKnown(
    pid: number,
    before: KnownProcess | undefined,
    known: Map<number, KnownProcess>,
  ): ProcessInfo {
    const dir = `${this.#procRoot}/${pid}`;
    if (before !== undefined && before.startTime === null) {
      // Known, without a readable `stat` (a fixture tree): trying it again every sample would
      // cost a failed read and could not tell processes apart anyway.
      known.set(pid, before);
      const rssBytes = parseStatus(readTextOrNull(`${dir}/status`)).rssBytes;
      return { name: before.name, command: before.command, user: before.user, rssBytes };
    }
    const stat = parseStat(readTextOrNull(`${dir}/stat`));
    if (before !== undefined && stat !== null && before.startTime === stat.startTime) {
      known.set(pid, before);
      const pageSize = this.#pageSize();
      let rssBytes: number | null = null;
      if (pageSize === null) rssBytes = parseStatus(readTextOrNull(`${dir}/status`)).rssBytes;
      else if (stat.rssPages !== null) rssBytes = safeProduct(stat.rssPages, pageSize);
      return { name: before.name, command: before.command, user: before.user, rssBytes };
    }
    const startTime = stat?.startTime ?? null;
    const info = this.#readFull(pid);
    // Nothing readable at all (it exited, hidepid): not kept, so the next sample tries again.
    if (startTime !== null || info.name !== null || info.command !== null || info.user !== null) {
      known.set(pid, { startTime, name: info.name, command: info.command, user: info.user });
    }
    return info;
  }

  #pageSize(): number | null {
    if (this.#pageSizeBytes === undefined) this.#pageSizeBytes = readPageSizeBytes();
    return this.#pageSizeBytes;
  }
}

function safeProduct(pages: number, pageSizeBytes: number): number | null {
  const bytes = pages * pageSizeBytes;
  return Number.isSafeInteger(bytes) ? bytes : null;
}

function withInfo(process: GpuProcess, info: ProcessInfo): GpuProcess {
  return {
    ...process,
    name: info.name ?? process.name,
    command: info.command ?? process.command,
    user: process.user ?? info.user,
    rssBytes: process.rssBytes ?? info.rssBytes,
  };
}
