/**
 * Joins what several backends saw into one list of devices and processes.
 *
 * Devices are the same device when their normalised PCI address matches, else their UUID.
 * Each field is taken from the first backend in `precedenceFor(field)` that knows it, and
 * `sources[field]` records which one. Devices are then ordered by PCI address (the order
 * NVML, nvidia-smi and the kernel all enumerate in), so indexes agree with vendor tools.
 * A long-running session passes its {@linkcode StableDeviceIndexes}: then a device keeps the
 * index it first got (new ones get the next free number) and devices are listed by index.
 *
 * Partitions (MIG devices) have no PCI address: they join on their UUID, so they never merge
 * into the GPU at their parent's address, and they are listed right after their parent.
 * A process is one (pid, device) pair (`merge_key.ts`); when two backends report the same pair
 * the one earlier in the registry supplies the record and later ones only fill its unknown fields.
 */
import { NO_ATTRIBUTION } from "./process_attribution.ts";
import { emptyDeviceMetrics } from "./empty_device.ts";
import { backendRank, precedenceFor } from "./field_precedence.ts";
import { partitionsAfterParents } from "./partition_order.ts";
import { normalizePciBusId } from "./pci.ts";
import type { StableDeviceIndexes } from "./stable_index.ts";
import type { MergedProcesses } from "./merged_processes.ts";
import { mergeKeyOf } from "./merge_key.ts";
import type {
  BackendId,
  BackendReading,
  Device,
  DeviceMetricName,
  DeviceMetrics,
  DeviceReading,
  GpuProcess,
  ProcessReading,
  Vendor,
} from "./types.ts";

export interface BackendReadingInput {
  id: BackendId;
  reading: BackendReading;
}

export interface MergeResult {
  devices: Device[];
  processes: GpuProcess[];
}

interface DeviceGroup {
  readings: Map<BackendId, DeviceReading>;
  firstSeen: number;
}

/**
 * Fields that describe another field: they come from whichever backend supplied that one,
 * never on their own precedence (a "processes" label must not sit on a device counter).
 */
const COMPANIONS: Partial<Record<DeviceMetricName, DeviceMetricName>> = {
  utilizationSource: "utilizationPercent",
};

/**
 * A companion's value when the winning backend does not state it. Utilisation: a backend that
 * says nothing reads a device-wide busy counter (NVML, sysfs gpu_busy_percent, macmon); only
 * the DRM backend derives it from processes, and it says so.
 */
const COMPANION_DEFAULTS: Partial<DeviceMetrics> = { utilizationSource: "device" };

const FIELD_NAMES = (Object.keys(emptyDeviceMetrics()) as DeviceMetricName[]).filter((field) =>
  !(field in COMPANIONS)
);

export function mergeReadings(
  inputs: readonly BackendReadingInput[],
  stableIndexes: StableDeviceIndexes | null = null,
  records: MergedProcesses | null = null,
): MergeResult {
  const ordered = [...inputs].sort((a, b) => backendRank(a.id) - backendRank(b.id));
  const groups: DeviceGroup[] = [];
  const byPci = new Map<string, DeviceGroup>();
  const byUuid = new Map<string, DeviceGroup>();
  // (backend id, local id) → group, so processes can find their device.
  const byLocal = new Map<string, DeviceGroup>();

  for (const { id, reading } of ordered) {
    for (const device of reading.devices) {
      const pci = normalizePciBusId(device.pciBusId);
      const uuid = device.uuid ? device.uuid.toLowerCase() : null;
      let group = (pci ? byPci.get(pci) : undefined) ?? (uuid ? byUuid.get(uuid) : undefined);
      if (!group || group.readings.has(id)) {
        group = { readings: new Map(), firstSeen: groups.length };
        groups.push(group);
      }
      group.readings.set(id, pci ? { ...device, pciBusId: pci } : device);
      if (pci && !byPci.has(pci)) byPci.set(pci, group);
      if (uuid && !byUuid.has(uuid)) byUuid.set(uuid, group);
      byLocal.set(localKey(id, device.localId), group);
    }
  }

  const parentOf = (group: DeviceGroup) => findParent(group, byPci, byUuid);
  // Whole devices take the first indexes, so a GPU's index is still the vendor tools' own
  // (nvidia-smi's GPU 1 stays 1); partitions take the next ones but are listed after their parent.
  const sorted = [...groups].sort(compareGroups);
  const sortedGroups = [
    ...sorted.filter((group) => parentOf(group) === null),
    ...sorted.filter((group) => parentOf(group) !== null),
  ];
  const indexes = stableIndexes
    ? stableIndexes.assign(sortedGroups.map(identityKeys))
    : sortedGroups.map((_, position) => position);
  const deviceOfGroup = new Map<DeviceGroup, Device>();
  sortedGroups.forEach((group, position) =>
    deviceOfGroup.set(group, buildDevice(group, indexes[position] as number))
  );
  for (const [group, device] of deviceOfGroup) {
    const parent = parentOf(group);
    if (parent !== null) device.parentId = deviceOfGroup.get(parent)?.id ?? device.parentId;
  }
  const deviceOf = (group: DeviceGroup) => deviceOfGroup.get(group) as Device;
  const byIndex = [...deviceOfGroup.keys()].sort((a, b) => deviceOf(a).index - deviceOf(b).index);
  const devices = partitionsAfterParents(byIndex, parentOf).map(deviceOf);

  const processes = mergeProcesses(ordered, (id, localId) => {
    if (localId === null) return null;
    const group = byLocal.get(localKey(id, localId));
    return group ? deviceOfGroup.get(group) ?? null : null;
  }, records);
  return { devices, processes };
}

function localKey(id: BackendId, localId: string): string {
  return `${id}\u0000${localId}`;
}

/** The group a partition's `parentId` (its parent's PCI address or UUID) names, if any. */
function findParent(
  group: DeviceGroup,
  byPci: Map<string, DeviceGroup>,
  byUuid: Map<string, DeviceGroup>,
): DeviceGroup | null {
  for (const reading of group.readings.values()) {
    const parentId = reading.parentId;
    if (!parentId) continue;
    const pci = normalizePciBusId(parentId);
    const parent = (pci ? byPci.get(pci) : undefined) ?? byUuid.get(parentId.toLowerCase());
    if (parent !== undefined && parent !== group) return parent;
  }
  return null;
}

function groupPci(group: DeviceGroup): string | null {
  for (const reading of group.readings.values()) {
    if (reading.pciBusId) return reading.pciBusId;
  }
  return null;
}

/** Everything that names this device across readings (see StableDeviceIndexes). */
function identityKeys(group: DeviceGroup): string[] {
  const keys: string[] = [];
  const pci = groupPci(group);
  if (pci) keys.push(`pci:${pci}`);
  for (const reading of group.readings.values()) {
    if (reading.uuid) keys.push(`uuid:${reading.uuid.toLowerCase()}`);
    if (reading.hostId) keys.push(`host:${reading.hostId}`);
  }
  if (keys.length === 0) {
    for (const [id, reading] of group.readings) keys.push(`local:${localKey(id, reading.localId)}`);
  }
  return keys;
}

/** PCI order first; devices with no PCI address keep their discovery order, after those. */
function compareGroups(a: DeviceGroup, b: DeviceGroup): number {
  const pa = groupPci(a);
  const pb = groupPci(b);
  if (pa && pb) return pa < pb ? -1 : pa > pb ? 1 : a.firstSeen - b.firstSeen;
  if (pa) return -1;
  if (pb) return 1;
  return a.firstSeen - b.firstSeen;
}

function buildDevice(group: DeviceGroup, index: number): Device {
  const metrics: DeviceMetrics = emptyDeviceMetrics();
  const sources: Record<string, BackendId> = {};
  for (const field of FIELD_NAMES) {
    for (const backendId of precedenceFor(field)) {
      const value = group.readings.get(backendId)?.[field];
      if (value === undefined || value === null) continue;
      (metrics as Record<DeviceMetricName, unknown>)[field] = value;
      sources[field] = backendId;
      break;
    }
  }
  fillCompanions(group, metrics, sources);
  const [firstId, firstReading] = [...group.readings.entries()][0] ?? [];
  const id = metrics.pciBusId ?? metrics.uuid ?? firstReading?.hostId ??
    (firstId && firstReading ? `${firstId}:${firstReading.localId}` : `device-${index}`);
  return { index, id, vendor: groupVendor(group), ...metrics, sources };
}

function fillCompanions(
  group: DeviceGroup,
  metrics: DeviceMetrics,
  sources: Record<string, BackendId>,
): void {
  for (const [companion, described] of Object.entries(COMPANIONS)) {
    const source = sources[described];
    if (source === undefined) continue;
    const value = group.readings.get(source)?.[companion as DeviceMetricName] ??
      COMPANION_DEFAULTS[companion as DeviceMetricName] ?? null;
    (metrics as Record<DeviceMetricName, unknown>)[companion as DeviceMetricName] = value;
    sources[companion] = source;
  }
}

function groupVendor(group: DeviceGroup): Vendor {
  for (const reading of group.readings.values()) {
    if (reading.vendor !== "other") return reading.vendor;
  }
  return "other";
}

const PROCESS_FILLABLE = [
  "name",
  "command",
  "user",
  "gpuMemoryBytes",
  "memoryByRegion",
  "engines",
  "type",
  "rssBytes",
] as const;

function mergeProcesses(
  ordered: readonly BackendReadingInput[],
  deviceOf: (id: BackendId, localId: string | null) => Device | null,
  records: MergedProcesses | null,
): GpuProcess[] {
  const merged = new Map<number | string, GpuProcess>();
  for (const { id, reading } of ordered) {
    const processes = reading.processes;
    // A backend's processes come device by device: the last one's device is looked up once.
    let localId: string | null | undefined = undefined;
    let device: Device | null = null;
    for (let i = 0; i < processes.length; i++) {
      const process = processes[i]!;
      if (process.deviceLocalId !== localId) {
        localId = process.deviceLocalId;
        device = deviceOf(id, localId);
      }
      const key = mergeKeyOf(process.pid, device);
      const existing = merged.get(key);
      if (existing) {
        // A copy: the record may be one handed out before (`MergedProcesses`).
        const filled = { ...existing };
        fillUnknown(filled, process);
        merged.set(key, filled);
        continue;
      }
      const record = records?.lastRecordOf(id, processes, i, device) ??
        toGpuProcess(id, process, device);
      records?.keep(id, processes, i, record);
      merged.set(key, record);
    }
  }
  records?.end();
  return [...merged.values()].sort((a, b) =>
    (a.deviceIndex ?? Infinity) - (b.deviceIndex ?? Infinity) ||
    (b.gpuMemoryBytes ?? -1) - (a.gpuMemoryBytes ?? -1) ||
    a.pid - b.pid
  );
}

function toGpuProcess(id: BackendId, process: ProcessReading, device: Device | null): GpuProcess {
  return {
    pid: process.pid,
    name: process.name ?? null,
    command: process.command ?? null,
    user: process.user ?? null,
    deviceIndex: device ? device.index : null,
    deviceId: device ? device.id : null,
    gpuMemoryBytes: process.gpuMemoryBytes ?? null,
    memoryByRegion: process.memoryByRegion ?? null,
    engines: process.engines ?? null,
    type: process.type ?? null,
    rssBytes: process.rssBytes ?? null,
    source: id,
    perProcess: process.perProcess,
    // From /proc, filled by the session's enrichment; no backend knows them.
    ...NO_ATTRIBUTION,
  };
}

function fillUnknown(target: GpuProcess, extra: ProcessReading): void {
  for (const field of PROCESS_FILLABLE) {
    const value = extra[field];
    if (target[field] === null && value !== undefined && value !== null) {
      (target as Record<string, unknown>)[field] = value;
    }
  }
}
