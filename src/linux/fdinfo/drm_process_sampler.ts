/**
 * Per-process GPU memory and engine use from DRM fdinfo. Each `sample()` is one walk of
 * /proc (see `scan_drm_clients.ts` for the walk, the device match and the client dedup);
 * the counters of every client are kept until the next sample so engine use can be computed
 * as a rate (see `engine_rates.ts`).
 *
 * Per (pid, device), over that pid's distinct clients:
 * - memory: per region, resident bytes where the driver gives them, else total; summed;
 * - engines: per raw class, the clients' percentages summed; then folded into canonical
 *   classes (`engine_classes.ts`, max over raw classes that share one), each clamped to 100.
 *   Null when no client of the pair has a value for any class (first sample, new client,
 *   no engine keys at all). A class whose counter went backwards is left out this sample and
 *   starts over from the new reading.
 *   The 5.14–5.18 amdgpu format prints ready-made percentages; those are used as they are,
 *   from the first sample on.
 */
import { toCanonicalEnginesClamped } from "./engine_classes.ts";
import { engineRateOf } from "./engine_rates.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";
import type { ScanPath } from "./choose_proc_reader.ts";
import { type DrmClient, DrmClientScanner } from "./scan_drm_clients.ts";
import { RescanSchedule } from "../rescan_schedule.ts";
import { PidUsageRuns } from "./pid_usage_runs.ts";

export interface DrmProcessUsage {
  pid: number;
  /**
   * The device: PCI address or platform device name (`fde60000.gpu`), as the scan resolved it
   * (`scan_drm_clients.ts`); `node:<subsystem>/<node>` when sysfs did not say.
   */
  deviceKey?: string;
  /** The PCI address; null on a platform device. */
  pciBusId: string | null;
  driver: string | null;
  /** Bytes per region: resident where given, else total. Null when no region was printed. */
  memoryByRegion: Record<string, number> | null;
  /** Canonical engine class → busy percent 0–100; null when no rate is known yet. */
  engines: Record<string, number> | null;
}

export interface DrmSampleResult {
  usages: DrmProcessUsage[];
  /** Processes whose `fd/` could not be listed for lack of permission. */
  unreadableProcesses: number;
  /**
   * fdinfo lines of this sample's clients that could not be used (malformed, a number too
   * large to be exact, a line past the length limit): each such value is unknown, not guessed.
   */
  ignoredFdinfoLines?: number;
  /** DRM fds skipped because their fdinfo is over FDINFO_CAP_BYTES (`scan_drm_clients.ts`). */
  oversizeFdinfos?: number;
  timestampMs: number;
}

export interface DrmProcessSamplerOptions {
  procRoot: string;
  sysRoot: string;
  /** Clock in milliseconds (monotonic in production; injected in tests). */
  nowMs: () => number;
  /**
   * null (default): every sample walks all of /proc. A number: samples re-read only the
   * clients found so far and the fds of new pids, and walk everything again once this many
   * milliseconds have passed since the last full walk, put off further while full walks are
   * costly (`../rescan_schedule.ts`: at most 10× this long; see `scan_drm_clients.ts`).
   */
  rescanIntervalMs?: number | null;
  /** "ops" reads /proc through Deno's ops even where libc loads (`GPUTOP_SCAN=ops`). */
  scan?: ScanPath;
  /**
   * The bench's reopen hook (`../keep_open_hook.ts`): keep no fdinfo file open between samples
   * (`choose_proc_reader.ts`), to show what keeping them saves.
   */
  reopenFiles?: boolean;
}

interface Group {
  pid: number;
  deviceKey: string;
  pciBusId: string | null;
  driver: string | null;
  memory: Record<string, number> | null;
  /** Raw class → summed percent; null until some client contributes. */
  rawEngines: Record<string, number> | null;
}

/** Adds one client's bytes per region (resident where given, else total) into its group. */
function addMemory(group: Group, fdinfo: ParsedFdinfo): void {
  for (const name in fdinfo.memory) {
    const region = fdinfo.memory[name]!;
    const bytes = region.residentBytes ?? region.totalBytes;
    if (bytes === null) continue;
    const memory = group.memory ??= {};
    memory[name] = (memory[name] ?? 0) + bytes;
  }
}

function addEngine(group: Group, name: string, percent: number): void {
  const engines = group.rawEngines ??= {};
  engines[name] = (engines[name] ?? 0) + percent;
}

export class DrmProcessSampler {
  readonly #options: DrmProcessSamplerOptions;
  /**
   * Counters of the last sample's clients, by client key; clients not seen again drop out.
   * Entries are updated in place (a map and an entry object per client per sample else).
   */
  #previous = new Map<string, { fdinfo: ParsedFdinfo; sample: number }>();
  #samples = 0;
  #previousMs: number | null = null;
  readonly #scanner: DrmClientScanner;
  /** Hands an idle pid's last usages out again (`pid_usage_runs.ts`). */
  readonly #runs = new PidUsageRuns<DrmClient, DrmProcessUsage>();
  /** When the next full walk is due; null: every sample is one (one-shot). */
  readonly #fullWalks: RescanSchedule | null;

  constructor(options: DrmProcessSamplerOptions) {
    this.#options = options;
    const rescanIntervalMs = options.rescanIntervalMs ?? null;
    this.#fullWalks = rescanIntervalMs === null ? null : new RescanSchedule(rescanIntervalMs);
    this.#scanner = new DrmClientScanner(
      options.procRoot,
      options.sysRoot,
      rescanIntervalMs !== null,
      {
        scan: options.scan ?? "auto",
        reopenFiles: options.reopenFiles ?? false,
      },
    );
  }

  /** Frees the scanner's kept-open fdinfo files; a later sample opens them again. */
  close(): void {
    this.#scanner.close();
  }

  sample(): DrmSampleResult {
    const timestampMs = this.#options.nowMs();
    const fullWalks = this.#fullWalks;
    const full = fullWalks === null || fullWalks.due(timestampMs);
    const scan = this.#scanner.scan(full);
    // Timed: a costly walk puts the next one off (`RescanSchedule`).
    if (full && fullWalks !== null) fullWalks.ran(timestampMs, this.#options.nowMs());
    const elapsedMs = this.#previousMs === null ? null : timestampMs - this.#previousMs;

    const usages = this.#runs.usagesOf(
      scan.clients,
      elapsedMs,
      (from, to) => this.#sumRun(scan.clients, from, to, elapsedMs),
    );
    this.#rememberCounters(scan.clients);
    this.#previousMs = timestampMs;
    usages.sort((a, b) => a.pid - b.pid || (a.deviceKey ?? "").localeCompare(b.deviceKey ?? ""));
    let ignoredFdinfoLines = 0;
    for (const client of scan.clients) ignoredFdinfoLines += client.fdinfo.ignoredLines;
    return {
      usages,
      unreadableProcesses: scan.unreadableProcesses,
      ignoredFdinfoLines,
      oversizeFdinfos: scan.oversizeFdinfos,
      timestampMs,
    };
  }

  /** One pid's usages (one per device), summed from its clients `from`…`to`. */
  #sumRun(
    clients: readonly DrmClient[],
    from: number,
    to: number,
    elapsedMs: number | null,
  ): DrmProcessUsage[] {
    const groups: Group[] = [];
    for (let i = from; i < to; i++) {
      const client = clients[i]!;
      const group = groupOf(groups, 0, client);
      addMemory(group, client.fdinfo);
      this.#addEngines(group, client, elapsedMs);
    }
    return groups.map((group) => ({
      pid: group.pid,
      deviceKey: group.deviceKey,
      pciBusId: group.pciBusId,
      driver: group.driver,
      memoryByRegion: group.memory,
      engines: group.rawEngines === null ? null : toCanonicalEnginesClamped(group.rawEngines),
    }));
  }

  /** Keeps this sample's counters for the next; drops clients not in it. */
  #rememberCounters(clients: readonly DrmClient[]): void {
    const sample = ++this.#samples;
    for (const client of clients) {
      const entry = this.#previous.get(client.key);
      if (entry === undefined) this.#previous.set(client.key, { fdinfo: client.fdinfo, sample });
      else {
        entry.fdinfo = client.fdinfo;
        entry.sample = sample;
      }
    }
    // forEach, not `for…of` over entries: no [key, value] array per entry.
    this.#previous.forEach((entry, key, map) => {
      if (entry.sample !== sample) map.delete(key);
    });
  }

  /**
   * Adds one client's raw class → percent into its group: the kernel's own percentages
   * (5.14–5.18 amdgpu), a rate overriding one of the same class, then the other rates. No
   * value at all (first sample, a new client, a clock that did not move, a driver that prints
   * no engine keys) adds nothing: unknown, not idle. The same classes, in the same order, as
   * `{ ...enginePercent, ...engineRates(…) }` would give, without making either object.
   */
  #addEngines(group: Group, client: DrmClient, elapsedMs: number | null): void {
    const fdinfo = client.fdinfo;
    const previous = elapsedMs === null ? undefined : this.#previous.get(client.key)?.fdinfo;
    for (const name in fdinfo.enginePercent) {
      const rate = previous === undefined
        ? null
        : engineRateOf(previous, fdinfo, name, elapsedMs as number);
      addEngine(group, name, rate ?? fdinfo.enginePercent[name]!);
    }
    if (previous === undefined) return;
    for (const name in fdinfo.engineBusyNs) {
      if (Object.hasOwn(fdinfo.enginePercent, name)) continue;
      const rate = engineRateOf(previous, fdinfo, name, elapsedMs as number);
      if (rate !== null) addEngine(group, name, rate);
    }
    for (const name in fdinfo.engineTotalCycles) {
      if (Object.hasOwn(fdinfo.engineBusyNs, name) || Object.hasOwn(fdinfo.enginePercent, name)) {
        continue;
      }
      const rate = engineRateOf(previous, fdinfo, name, elapsedMs as number);
      if (rate !== null) addEngine(group, name, rate);
    }
  }
}

/** The group of `client`'s (pid, device) among `ordered`'s from `from` on, made if new. */
function groupOf(ordered: Group[], from: number, client: DrmClient): Group {
  for (let i = from; i < ordered.length; i++) {
    const group = ordered[i]!;
    if (group.deviceKey === client.deviceKey) return group;
  }
  const group: Group = {
    pid: client.pid,
    deviceKey: client.deviceKey,
    pciBusId: client.pciBusId,
    driver: client.fdinfo.driver,
    memory: null,
    rawEngines: null,
  };
  ordered.push(group);
  return group;
}
