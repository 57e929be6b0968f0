/**
 * Where partitions (MIG devices) go in the device list: right after their parent, in the
 * order their backend listed them. A partition has no PCI address of its own, so the plain
 * PCI order would put it after every PCI device instead.
 */
import type { Device } from "./types.ts";

/**
 * `sorted` reordered so each item whose `parentOf` is another item comes right after it.
 * Only one level: a parent that is itself a partition is not followed (nor a loop).
 */
export function partitionsAfterParents<G>(
  sorted: readonly G[],
  parentOf: (item: G) => G | null,
): G[] {
  const children = new Map<G, G[]>();
  const roots: G[] = [];
  for (const item of sorted) {
    const parent = parentOf(item);
    if (parent === null || parent === item || parentOf(parent) !== null) {
      roots.push(item);
      continue;
    }
    const list = children.get(parent) ?? [];
    list.push(item);
    children.set(parent, list);
  }
  const placed = new Set<G>();
  const ordered: G[] = [];
  for (const root of roots) {
    ordered.push(root);
    placed.add(root);
    for (const child of children.get(root) ?? []) {
      ordered.push(child);
      placed.add(child);
    }
  }
  // A partition whose parent is not in the list at all keeps its own place at the end.
  for (const item of sorted) if (!placed.has(item)) ordered.push(item);
  return ordered;
}

/** Devices as listed: by index, each partition right after its parent. */
export function devicesInListingOrder(devices: readonly Device[]): Device[] {
  const byId = new Map(devices.map((device) => [device.id, device]));
  const byIndex = [...devices].sort((a, b) => a.index - b.index);
  return partitionsAfterParents(byIndex, (device) => parentDevice(device, byId));
}

/**
 * How a device is named in the table: a MIG device as `0:1` (its parent's index, then its
 * slot under it: the form `-i` and NVIDIA_VISIBLE_DEVICES take), any other by its index.
 */
export function deviceLabel(device: Device, devices: readonly Device[]): string {
  const parent = parentDevice(device, new Map(devices.map((d) => [d.id, d])));
  if (parent === null || device.partition === null) return String(device.index);
  return `${parent.index}:${device.partition.migIndex}`;
}

/**
 * The `0:1` label of each MIG device whose parent is listed, by device id: what a process
 * table shows in its GPU column for a process on a partition (any other shows its index).
 */
export function partitionLabels(devices: readonly Device[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const device of devices) {
    const label = deviceLabel(device, devices);
    if (label.includes(":")) labels.set(device.id, label);
  }
  return labels;
}

function parentDevice(device: Device, byId: ReadonlyMap<string, Device>): Device | null {
  return device.parentId === null ? null : byId.get(device.parentId) ?? null;
}

/**
 * The devices a job could be given: a GPU split into MIG devices is given out as those, not
 * whole, so a parent whose partitions are listed is left out (`check --min-gpus`, `fit`).
 */
export function assignableDevices(devices: readonly Device[]): Device[] {
  const parents = new Set(devices.flatMap((device) => device.parentId ?? []));
  return devices.filter((device) => !parents.has(device.id));
}
