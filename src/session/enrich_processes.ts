/**
 * Fills a process's name, command line, user and RSS from /proc when the backend did not
 * give them, and attributes it: container and pod (`/proc/<pid>/cgroup`), the pid in its own
 * PID namespace (`status`'s `NSpid:`), CPU % (`stat`'s utime + stime between two samples),
 * start time and state (`stat`). Shared by every backend, so no backend reads /proc itself.
 * Only GPU processes come here: nothing is read for any other process. On systems without
 * /proc (macOS, Windows) every read fails quietly and fields stay null.
 *
 * One-shot (`enrichProcesses`, or a `ProcessEnricher` without a rescan interval): every
 * process is read in full (`status`, `comm`, `cmdline`, `stat`, `cgroup`) on every call; the
 * CPU ticks are kept between calls, so the second sample of `--sample-window` has CPU %.
 *
 * Long-running sessions (`ProcessEnricher` with a rescan interval): name, command line, user,
 * namespace pid and start time never change for one process instance, identified by (pid,
 * start time from `/proc/<pid>/stat`). So a known process costs one small read per sample,
 * `stat`, which gives its start time, resident pages, state and CPU ticks; it is read in full
 * again only when the start time changed (the pid now names another process). Its cgroup can
 * change (systemd or an operator may move a process) but a process leaving its container's
 * cgroup is rare, so `cgroup` is read again in rounds (`cgroup_rounds.ts`): at most once per
 * rescan interval, put off while rounds are costly, never beyond 10× it; a move shows within
 * that, at a cost of one small read per process per round. Entries of pids
 * absent from a sample are dropped. The passwd file is read again at most once per rescan
 * interval. RSS from `stat` is the kernel's fast sum of its per-CPU counters (what `ps` and
 * `top` show), which may trail `status`'s exact `VmRSS` by less than one counter batch per CPU.
 * Where `stat` is unreadable but `status` is not (a fixture tree without `stat`), the process
 * is taken to be the same one, as the DRM scanner does, and RSS and state come from `status`
 * (`stat` is not tried again for that process).
 */
import { readCgroupAttribution } from "../linux/cgroup/read_cgroup.ts";
import { attributionOfCgroup } from "../linux/cgroup/cgroup_attribution.ts";
import type { ScanPath } from "../linux/fdinfo/choose_proc_reader.ts";
import {
  parseStat,
  parseStatus,
  readPageSizeBytes,
  readProcessInfo,
  type StatFields,
} from "../linux/process_info.ts";
import { processStateOf } from "../linux/process_state.ts";
import { readBootTimeMs, startTimeIso } from "../linux/process_times.ts";
import { readPidFileTextOrNull } from "../linux/read_file.ts";
import { UserNames } from "../linux/user_names.ts";
import { joinPath, resolvedParent } from "../linux/path_join.ts";
import { readPodNames } from "../linux/pod_logs.ts";
import type { GpuProcess } from "../model/types.ts";
import type { BackendContext } from "../backends/backend.ts";
import { CpuTimes } from "./cpu_times.ts";
import { CgroupRounds } from "./cgroup_rounds.ts";
import type { ProcessEnricherOptions } from "./enricher_options.ts";
import type { StatReader } from "./stat_reader.ts";
import { REOPEN_FILES_HOOK } from "../linux/keep_open_hook.ts";
import { ProcessRows } from "./process_rows.ts";
import {
  attributionFacts,
  factsOf,
  type ProcessFacts,
  sampledFacts,
  withFacts,
  withPodNames,
} from "./process_facts.ts";

/** One-shot: reads every process in full. */
export function enrichProcesses(processes: readonly GpuProcess[], procRoot: string): GpuProcess[] {
  const enricher = new ProcessEnricher({
    procRoot,
    rescanIntervalMs: null,
    nowMs: () => performance.now(),
  });
  return enricher.enrich(processes);
}

/** The enricher of a session over `ctx` (`GPUTOP_SCAN=ops` reads `stat` through Deno's ops). */
export function processEnricherFor(ctx: BackendContext): ProcessEnricher {
  return new ProcessEnricher({
    procRoot: ctx.procRoot,
    rootDir: ctx.rootDir ?? null,
    rescanIntervalMs: ctx.rescanIntervalMs ?? null,
    nowMs: ctx.nowMs,
    scan: ctx.env("GPUTOP_SCAN") === "ops" ? "ops" : "auto",
    reopenStatFiles: ctx.env(REOPEN_FILES_HOOK) === "1",
  });
}

export type { ProcessEnricherOptions } from "./enricher_options.ts";

/** What is kept of one process instance between samples. */
interface KnownProcess {
  /** Null when `stat` was unreadable (see the module comment). */
  statStart: string | null;
  facts: ProcessFacts;
  /** The `cgroup` text the last round read (undefined before one): an equal one changes nothing. */
  cgroupText?: string | null;
  /** The last `stat` text and its parse: an unchanged text (an idle process) is not parsed again. */
  statText?: string | null;
  stat?: StatFields | null;
  /** What the last sample returned: handed out again while its values are the same. */
  sampled?: ProcessFacts | undefined;
}

export class ProcessEnricher {
  readonly #procRoot: string;
  readonly #rescanIntervalMs: number | null;
  readonly #nowMs: () => number;
  readonly #users: UserNames;
  readonly #cpu = new CpuTimes();
  readonly #podLogsDir: string;
  readonly #cgroups: CgroupRounds;
  readonly #rows: ProcessRows | null;
  #pageSizeBytes: number | null | undefined;
  /** Read once per enricher (a session), on the first start time wanted. */
  #bootTimeMs: number | null | undefined;
  #known = new Map<number, KnownProcess>();
  readonly #scan: ScanPath;
  /** Set by `prepare()` in a long-running session; else `stat` is read through Deno's ops. */
  #stats: StatReader | null = null;
  #prepared = false;
  readonly #reopenStatFiles: boolean;

  constructor(options: ProcessEnricherOptions) {
    this.#procRoot = options.procRoot;
    this.#scan = options.scan ?? "auto";
    this.#reopenStatFiles = options.reopenStatFiles ?? false;
    this.#rescanIntervalMs = options.rescanIntervalMs;
    this.#nowMs = options.nowMs;
    const rootDir = options.rootDir ?? null;
    this.#users = new UserNames(
      options.procRoot,
      options.rescanIntervalMs,
      options.nowMs,
      rootDir === null ? null : joinPath(rootDir, "etc", "passwd"),
    );
    this.#podLogsDir = joinPath(rootDir ?? resolvedParent(options.procRoot), "var/log/pods");
    this.#pageSizeBytes = options.pageSizeBytes;
    this.#cgroups = new CgroupRounds(options.procRoot, options.rescanIntervalMs, options.nowMs);
    this.#rows = options.rescanIntervalMs === null ? null : new ProcessRows();
  }

  /** The processes with /proc's fields filled in; backend-given user and RSS win. */
  enrich(processes: readonly GpuProcess[]): GpuProcess[] {
    const previous = this.#known;
    const known = new Map<number, KnownProcess>();
    this.#cgroups.begin();
    const enriched = this.#enrichWith(
      processes,
      (pid) =>
        this.#rescanIntervalMs === null
          ? this.#readFull(pid, undefined)
          : this.#readKnown(pid, previous.get(pid), known),
    );
    // Pids not in this sample are forgotten: a later process with the same pid is read anew.
    this.#known = known;
    this.#stats?.retain((pid) => known.has(pid));
    this.#cgroups.end();
    this.#cpu.endSample();
    return enriched;
  }

  #enrichWith(
    processes: readonly GpuProcess[],
    read: (pid: number) => ProcessFacts,
  ): GpuProcess[] {
    if (processes.length === 0) return [];
    // A process on two devices is two rows and one read.
    const factsByPid = new Map<number, ProcessFacts>();
    for (const process of processes) {
      if (!factsByPid.has(process.pid)) factsByPid.set(process.pid, read(process.pid));
    }
    withPodNames(factsByPid, () => readPodNames(this.#podLogsDir));
    const factsOf = (process: GpuProcess) => factsByPid.get(process.pid)!;
    if (this.#rows !== null) return this.#rows.rowsOf(processes, factsOf); // unchanged: reused
    return processes.map((process) => withFacts(process, factsOf(process)));
  }

  /** Everything: status, comm, cmdline, cgroup, and stat unless the caller read it. */
  #readFull(pid: number, stat: StatFields | null | undefined): ProcessFacts {
    const info = readProcessInfo(this.#procRoot, pid, (uid) => this.#users.nameFor(uid));
    const read = stat === undefined
      ? parseStat(readPidFileTextOrNull(this.#path(pid, "stat")))
      : stat;
    return factsOf(pid, info, {
      stat: read,
      cgroup: readCgroupAttribution(this.#procRoot, pid),
      startTime: this.#startTimeOf(read),
      cpuPercent: this.#cpu.percentFor(pid, read, this.#nowMs()),
    });
  }

  /** One process in a long-running session: `stat` only when it is known and the same. */
  #readKnown(
    pid: number,
    before: KnownProcess | undefined,
    known: Map<number, KnownProcess>,
  ): ProcessFacts {
    if (before !== undefined && before.statStart === null) {
      // Known, without a readable `stat` (a fixture tree): trying it again every sample would
      // cost a failed read and could not tell processes apart anyway.
      const kept = this.#withFreshCgroup(pid, before);
      known.set(pid, kept);
      const status = parseStatus(readPidFileTextOrNull(this.#path(pid, "status")));
      return {
        ...kept.facts,
        rssBytes: status.rssBytes,
        state: processStateOf(status.stateLetter),
      };
    }
    const statText = this.#readStat(pid);
    const stat = before !== undefined && before.statText === statText && statText !== null
      ? before.stat ?? null
      : parseStat(statText);
    if (before !== undefined && stat !== null && before.statStart === stat.startTime) {
      const kept = this.#withFreshCgroup(pid, before);
      // An equal text keeps the old string: the new one dies young, and nothing kept from one
      // sample to the next survives a scavenge (survivors make V8 grow its young generation).
      if (kept.statText !== statText) [kept.statText, kept.stat] = [statText, stat];
      known.set(pid, kept);
      kept.sampled = sampledFacts(
        kept.sampled,
        kept.facts,
        this.#rssOf(pid, stat),
        processStateOf(stat.state),
        this.#cpu.percentFor(pid, stat, this.#nowMs()),
      );
      return kept.sampled;
    }
    const facts = this.#readFull(pid, stat);
    // Nothing readable at all (it exited, hidepid): not kept, so the next sample tries again.
    if (stat !== null || facts.name !== null || facts.command !== null || facts.user !== null) {
      known.set(pid, { statStart: stat?.startTime ?? null, facts });
    }
    return facts;
  }

  /** The known process, its cgroup read again in a round (`CgroupRounds`) and changed. */
  #withFreshCgroup(pid: number, before: KnownProcess): KnownProcess {
    const text = this.#cgroups.read(pid);
    if (text === undefined || text === before.cgroupText) return before;
    const attribution = attributionFacts(text === null ? null : attributionOfCgroup(text));
    const facts = { ...before.facts, ...attribution };
    return { ...before, facts, cgroupText: text, sampled: undefined };
  }

  /**
   * A long-running session's reader of `stat` (see `scan`), made once before the first sample.
   * Imported here, not at start-up: a one-shot reading never loads the libc binding for it.
   */
  async prepare(): Promise<void> {
    if (this.#rescanIntervalMs === null || this.#prepared) return;
    this.#prepared = true;
    const { statReaderFor } = await import("./stat_reader.ts");
    const options = { scan: this.#scan, reopenFiles: this.#reopenStatFiles };
    this.#stats = statReaderFor(this.#procRoot, options);
  }

  /** Frees what the `stat` reader keeps open (a session's close). */
  close(): void {
    this.#stats?.close();
  }

  /** `stat` of a process in a long-running session, every sample. */
  #readStat(pid: number): string | null {
    return this.#stats === null
      ? readPidFileTextOrNull(this.#path(pid, "stat"))
      : this.#stats.read(pid);
  }

  #rssOf(pid: number, stat: StatFields): number | null {
    const pageSize = this.#pageSize();
    if (pageSize === null) {
      return parseStatus(readPidFileTextOrNull(this.#path(pid, "status"))).rssBytes;
    }
    return stat.rssPages === null ? null : safeProduct(stat.rssPages, pageSize);
  }

  #startTimeOf(stat: StatFields | null): string | null {
    if (stat === null || stat.startTicks === null) return null;
    if (this.#bootTimeMs === undefined) this.#bootTimeMs = readBootTimeMs(this.#procRoot);
    return startTimeIso(this.#bootTimeMs, stat.startTicks);
  }

  #pageSize(): number | null {
    if (this.#pageSizeBytes === undefined) this.#pageSizeBytes = readPageSizeBytes();
    return this.#pageSizeBytes;
  }

  #path(pid: number, file: string): string {
    // Concatenation, not node:path join: this runs for every process of every sample.
    return `${this.#procRoot}/${pid}/${file}`;
  }
}

function safeProduct(pages: number, pageSizeBytes: number): number | null {
  const bytes = pages * pageSizeBytes;
  return Number.isSafeInteger(bytes) ? bytes : null;
}
