/**
 * The last guard before anything is printed: every number in a snapshot is made safe for
 * the `--json` contract (`gputop schema`) and for the table, whichever backend or parser
 * produced it. A value outside its rule is dropped to null (a map entry is left out), and
 * the backend that supplied it gets `N implausible values dropped (fields)` added to its
 * status `detail`, so nothing is silently invented or silently lost.
 *
 * Rules (also in README, "Numbers gputop prints"):
 * - bytes and counters: finite, ≥ 0 and ≤ Number.MAX_SAFE_INTEGER (2^53 − 1, about 8 PiB);
 *   a fraction is rounded to the nearest integer.
 * - percent: 0–100 as is; over 100 up to 200 is clamped to 100 (two counters read a moment
 *   apart overshoot, and NVML documents fan speeds over 100 %); negative, or over 200, null.
 * - °C: −50 to 150 (no GPU sensor reads outside that and keeps working).
 * - W (power, power limit): 0 to 10 000.
 * - J (energy counter): 0 to Number.MAX_SAFE_INTEGER.
 * - MHz (clocks): 0 to 100 000.
 * - PCIe generation (current, max): integer 1–16; PCIe width (current, max): integer 1–64.
 * - counts (PCIe replays, retired pages, each ECC error count): like bytes.
 * - pid, process device index, container pid: non-negative safe integers (a process with
 *   another pid is dropped; another device index or container pid becomes null).
 * - process CPU %: 0 to 819 200 (100 per CPU, and Linux counts at most 8192 CPUs).
 * Anything that is not a finite number where a number belongs (NaN, ±Infinity, text) is null.
 */
import { check, passesUnchanged, type Rule, sanitizeMap } from "./sanitize_map.ts";
import type {
  BackendId,
  BackendStatus,
  Device,
  DeviceMetricName,
  GpuProcess,
  Snapshot,
} from "./types.ts";

const MAX_WATTS = 10_000;
const MAX_MHZ = 100_000;
const MIN_CELSIUS = -50;
const MAX_CELSIUS = 150;
/** Up to this, a percentage over 100 is an overshoot and clamped; beyond it, garbage. */
const MAX_CLAMPED_PERCENT = 200;

export const bytesRule: Rule = (value) => {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const rounded = Math.round(value);
  return Number.isSafeInteger(rounded) ? rounded : undefined;
};

export const percentRule: Rule = (value) => {
  if (!Number.isFinite(value) || value < 0 || value > MAX_CLAMPED_PERCENT) return undefined;
  return Math.min(100, value);
};

function rangeRule(min: number, max: number): Rule {
  return (value) => Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

function integerRangeRule(min: number, max: number): Rule {
  return (value) => Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

export const celsiusRule: Rule = rangeRule(MIN_CELSIUS, MAX_CELSIUS);
/** A process's CPU % counts 100 per CPU it ran on; Linux's NR_CPUS is at most 8192. */
const processCpuRule: Rule = rangeRule(0, 100 * 8192);
export const wattsRule: Rule = rangeRule(0, MAX_WATTS);
export const joulesRule: Rule = rangeRule(0, Number.MAX_SAFE_INTEGER);
export const megahertzRule: Rule = rangeRule(0, MAX_MHZ);

/** Every numeric device field and its rule; a field missing here is not a number. */
const DEVICE_NUMBER_RULES: Partial<Record<DeviceMetricName, Rule>> = {
  memoryTotalBytes: bytesRule,
  memoryUsedBytes: bytesRule,
  memoryFreeBytes: bytesRule,
  gttTotalBytes: bytesRule,
  gttUsedBytes: bytesRule,
  utilizationPercent: percentRule,
  memoryUtilizationPercent: percentRule,
  fanPercent: percentRule,
  temperatureCelsius: celsiusRule,
  powerWatts: wattsRule,
  powerLimitWatts: wattsRule,
  energyJoules: joulesRule,
  graphicsClockMHz: megahertzRule,
  graphicsClockMaxMHz: megahertzRule,
  graphicsClockMinMHz: megahertzRule,
  memoryClockMHz: megahertzRule,
  memoryClockMaxMHz: megahertzRule,
  pcieGeneration: integerRangeRule(1, 16),
  pcieWidth: integerRangeRule(1, 64),
  pcieGenerationMax: integerRangeRule(1, 16),
  pcieWidthMax: integerRangeRule(1, 64),
  pcieReplayCount: bytesRule,
  retiredPages: bytesRule,
  xidEventsTotal: bytesRule,
  lastXid: bytesRule,
};

/** Device maps of numbers: each entry is checked, a bad one left out. */
const DEVICE_MAP_RULES = {
  engines: percentRule,
  temperaturesCelsius: celsiusRule,
} as const;

/** Device objects of counters: a bad count becomes null, the others stay. */
const DEVICE_COUNTER_OBJECTS = ["eccErrors"] as const;

/** Every device field this guard checks (a test holds it to the schema's numeric fields). */
export const CHECKED_DEVICE_FIELDS: readonly string[] = [
  ...Object.keys(DEVICE_NUMBER_RULES),
  ...Object.keys(DEVICE_MAP_RULES),
  ...DEVICE_COUNTER_OBJECTS,
  "partition",
];

/** A MIG partition's ids are non-negative integers; one that is not drops the whole partition. */
const partitionIdRule = integerRangeRule(0, Number.MAX_SAFE_INTEGER);

function partitionIsPlausible(partition: Device["partition"]): boolean {
  if (partition === null) return true;
  const ids = [partition.migIndex, partition.gpuInstanceId, partition.computeInstanceId];
  return ids.every((id) => check(id, partitionIdRule) !== undefined);
}

/** Fields that only describe another: dropped with it (see COMPANIONS in merge.ts). */
const DESCRIBES: Partial<Record<DeviceMetricName, DeviceMetricName>> = {
  utilizationSource: "utilizationPercent",
};

/** Per backend: names of the fields whose values were dropped, with repeats. */
type Dropped = Map<BackendId, string[]>;

export function sanitizeSnapshot(snapshot: Snapshot): Snapshot {
  const dropped: Dropped = new Map();
  const devices = snapshot.devices.map((device) => sanitizeDevice(device, dropped));
  // A loop, not flatMap: no one-element array per process per sample.
  const processes: GpuProcess[] = [];
  for (const process of snapshot.processes) {
    const clean = sanitizeProcess(process, dropped);
    if (clean) processes.push(clean);
  }
  const backends = snapshot.backends.map((status) => withDroppedNote(status, dropped));
  return { ...snapshot, backends, devices, processes };
}

function note(dropped: Dropped, backend: BackendId | undefined, field: string): void {
  if (backend === undefined) return;
  const list = dropped.get(backend) ?? [];
  list.push(field);
  dropped.set(backend, list);
}

/** The rule applied to a value that should be a number; undefined when it is not kept. */

function sanitizeDevice(device: Device, dropped: Dropped): Device {
  const clean: Device = { ...device, sources: { ...device.sources } };
  const fields = clean as unknown as Record<string, unknown>;
  for (const [field, rule] of Object.entries(DEVICE_NUMBER_RULES) as [string, Rule][]) {
    const value = fields[field];
    if (value === null || value === undefined) continue;
    const kept = check(value, rule);
    if (kept !== undefined) {
      fields[field] = kept;
      continue;
    }
    note(dropped, device.sources[field], field);
    fields[field] = null;
    delete clean.sources[field];
  }
  for (const [field, rule] of Object.entries(DEVICE_MAP_RULES)) {
    const map = fields[field];
    if (map === null || map === undefined) continue;
    const kept = sanitizeMap(map, rule, () => note(dropped, device.sources[field], field));
    fields[field] = kept;
    if (kept === null) delete clean.sources[field];
  }
  for (const field of DEVICE_COUNTER_OBJECTS) {
    const counts = fields[field] as Record<string, unknown> | null;
    if (counts === null || counts === undefined) continue;
    fields[field] = sanitizeCounts(counts, () => note(dropped, device.sources[field], field));
  }
  if (!partitionIsPlausible(clean.partition)) {
    note(dropped, device.sources["partition"], "partition");
    clean.partition = null;
    delete clean.sources["partition"];
  }
  for (const [companion, described] of Object.entries(DESCRIBES)) {
    if (fields[described] === null && fields[companion] !== null) {
      fields[companion] = null;
      delete clean.sources[companion];
    }
  }
  return clean;
}

/** Each count kept when it is a safe non-negative integer, else null (`onDrop` once each). */
function sanitizeCounts<T extends Record<string, unknown>>(counts: T, onDrop: () => void): T {
  const kept: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(counts)) {
    const clean = value === null ? null : check(value, bytesRule) ?? null;
    if (value !== null && clean === null) onDrop();
    kept[key] = clean;
  }
  return kept as T;
}

function sanitizeProcess(process: GpuProcess, dropped: Dropped): GpuProcess | null {
  if (!isIndex(process.pid)) {
    note(dropped, process.source, "pid");
    return null;
  }
  if (processIsClean(process)) return process;
  const clean: GpuProcess = { ...process };
  for (const field of ["gpuMemoryBytes", "rssBytes"] as const) {
    const value = clean[field];
    if (value === null) continue;
    const kept = check(value, bytesRule);
    if (kept === undefined) note(dropped, process.source, field);
    clean[field] = kept ?? null;
  }
  if (clean.deviceIndex !== null && !isIndex(clean.deviceIndex)) {
    note(dropped, process.source, "deviceIndex");
    clean.deviceIndex = null;
  }
  if (clean.containerPid !== null && !isIndex(clean.containerPid)) {
    note(dropped, process.source, "containerPid");
    clean.containerPid = null;
  }
  if (clean.cpuPercent !== null) {
    const kept = check(clean.cpuPercent, processCpuRule);
    if (kept === undefined) note(dropped, process.source, "cpuPercent");
    clean.cpuPercent = kept ?? null;
  }
  if (clean.memoryByRegion !== null) {
    clean.memoryByRegion = sanitizeMap(
      clean.memoryByRegion,
      bytesRule,
      () => note(dropped, process.source, "memoryByRegion"),
    );
  }
  if (clean.engines !== null) {
    clean.engines = sanitizeMap(
      clean.engines,
      percentRule,
      () => note(dropped, process.source, "engines"),
    );
  }
  return clean;
}

/**
 * True when {@linkcode sanitizeProcess} would change nothing: the process is then kept as it is
 * instead of copied (500 processes a sample in a long run).
 */
function processIsClean(process: GpuProcess): boolean {
  return keptAsIs(process.gpuMemoryBytes, bytesRule) && keptAsIs(process.rssBytes, bytesRule) &&
    nullOrIndex(process.deviceIndex) && nullOrIndex(process.containerPid) &&
    keptAsIs(process.cpuPercent, processCpuRule) &&
    (process.memoryByRegion === null || passesUnchanged(process.memoryByRegion, bytesRule)) &&
    (process.engines === null || passesUnchanged(process.engines, percentRule));
}

// Module functions, not closures in processIsClean: no two closures per process per sample.
function keptAsIs(value: number | null, rule: Rule): boolean {
  return value === null || check(value, rule) === value;
}

function nullOrIndex(value: number | null): boolean {
  return value === null || isIndex(value);
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** The status with "N implausible values dropped (fields)" added to its detail. */
function withDroppedNote(status: BackendStatus, dropped: Dropped): BackendStatus {
  const fields = dropped.get(status.id);
  if (!fields || fields.length === 0) return status;
  const names = [...new Set(fields)].join(", ");
  const count = fields.length;
  const text = `${count} implausible ${count === 1 ? "value" : "values"} dropped (${names})`;
  return { ...status, detail: status.detail ? `${status.detail}; ${text}` : text };
}
