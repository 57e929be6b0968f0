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
import { toCanonicalEngines } from "./engine_classes.ts";
import { engineRates } from "./engine_rates.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";
import type { ScanPath } from "./choose_proc_reader.ts";
import { type DrmClient, DrmClientScanner } from "./scan_drm_clients.ts";

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
   * milliseconds have passed since the last full walk (see `scan_drm_clients.ts`).
   */
  rescanIntervalMs?: number | null;
  /** "ops" reads /proc through Deno's ops even where libc loads (`GPUTOP_SCAN=ops`). */
  scan?: ScanPath;
}

/** Bytes per region for one client: resident where given, else total. */
function clientMemory(fdinfo: ParsedFdinfo): Record<string, number> {
  const regions: Record<string, number> = {};
  for (const [name, region] of Object.entries(fdinfo.memory)) {
    const bytes = region.residentBytes ?? region.totalBytes;
    if (bytes !== null) regions[name] = bytes;
  }
  return regions;
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

function addInto(target: Record<string, number>, values: Record<string, number>): void {
  for (const [name, value] of Object.entries(values)) target[name] = (target[name] ?? 0) + value;
}

export class DrmProcessSampler {
  readonly #options: DrmProcessSamplerOptions;
  /** Counters of the last sample's clients, by client key; clients not seen again drop out. */
  #previous = new Map<string, ParsedFdinfo>();
  #previousMs: number | null = null;
  readonly #scanner: DrmClientScanner;
  readonly #rescanIntervalMs: number | null;
  #lastFullWalkMs: number | null = null;

  constructor(options: DrmProcessSamplerOptions) {
    this.#options = options;
    this.#rescanIntervalMs = options.rescanIntervalMs ?? null;
    this.#scanner = new DrmClientScanner(
      options.procRoot,
      options.sysRoot,
      this.#rescanIntervalMs !== null,
      { scan: options.scan ?? "auto" },
    );
  }

  /** Frees the scanner's kept-open fdinfo files; a later sample opens them again. */
  close(): void {
    this.#scanner.close();
  }

  sample(): DrmSampleResult {
    const timestampMs = this.#options.nowMs();
    const full = this.#rescanIntervalMs === null || this.#lastFullWalkMs === null ||
      timestampMs - this.#lastFullWalkMs >= this.#rescanIntervalMs ||
      timestampMs < this.#lastFullWalkMs;
    if (full) this.#lastFullWalkMs = timestampMs;
    const scan = this.#scanner.scan(full);
    const elapsedMs = this.#previousMs === null ? null : timestampMs - this.#previousMs;

    const groups = new Map<string, Group>();
    for (const client of scan.clients) {
      const groupKey = `${client.pid}\u0000${client.deviceKey}`;
      let group = groups.get(groupKey);
      if (group === undefined) {
        group = {
          pid: client.pid,
          deviceKey: client.deviceKey,
          pciBusId: client.pciBusId,
          driver: client.fdinfo.driver,
          memory: null,
          rawEngines: null,
        };
        groups.set(groupKey, group);
      }
      const memory = clientMemory(client.fdinfo);
      if (Object.keys(memory).length > 0) addInto(group.memory ??= {}, memory);
      const engines = this.#clientEngines(client, elapsedMs);
      if (engines !== null) addInto(group.rawEngines ??= {}, engines);
    }

    this.#previous = new Map(scan.clients.map((client) => [client.key, client.fdinfo]));
    this.#previousMs = timestampMs;

    const usages = [...groups.values()].map((group): DrmProcessUsage => ({
      pid: group.pid,
      deviceKey: group.deviceKey,
      pciBusId: group.pciBusId,
      driver: group.driver,
      memoryByRegion: group.memory,
      engines: group.rawEngines === null ? null : clampAll(toCanonicalEngines(group.rawEngines)),
    }));
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

  /**
   * Raw class → percent for one client; null when no class has a value (first sample, a new
   * client, a clock that did not move, a driver that prints no engine keys): unknown, not idle.
   */
  #clientEngines(client: DrmClient, elapsedMs: number | null): Record<string, number> | null {
    const previous = this.#previous.get(client.key);
    const rates = previous === undefined || elapsedMs === null
      ? {}
      : engineRates(previous, client.fdinfo, elapsedMs);
    const engines = { ...client.fdinfo.enginePercent, ...rates };
    return Object.keys(engines).length > 0 ? engines : null;
  }
}

function clampAll(engines: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(engines)) out[name] = Math.min(100, value);
  return out;
}
