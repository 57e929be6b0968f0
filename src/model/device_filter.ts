/**
 * `-i/--id LIST`: keep the devices named by index, UUID or PCI address (any spelling that
 * normalises to the same address), and the processes on them. Indexes are not renumbered,
 * so `-i 1` still says device 1.
 */
import { normalizePciBusId } from "./pci.ts";
import type { Device, Snapshot } from "./types.ts";

export interface FilterResult {
  snapshot: Snapshot;
  /** Ids that matched no device. */
  unmatched: string[];
}

export function deviceMatchesId(device: Device, id: string): boolean {
  const text = id.trim();
  if (/^\d+$/.test(text)) return device.index === Number(text);
  const lower = text.toLowerCase();
  if (device.uuid && device.uuid.toLowerCase() === lower) return true;
  if (device.id.toLowerCase() === lower) return true;
  const pci = normalizePciBusId(text);
  return pci !== null && device.pciBusId === pci;
}

export function filterDevices(snapshot: Snapshot, ids: readonly string[] | null): FilterResult {
  if (ids === null) return { snapshot, unmatched: [] };
  const unmatched = ids.filter((id) => !snapshot.devices.some((d) => deviceMatchesId(d, id)));
  const devices = snapshot.devices.filter((d) => ids.some((id) => deviceMatchesId(d, id)));
  const kept = new Set(devices.map((d) => d.index));
  const processes = snapshot.processes.filter((p) =>
    p.deviceIndex !== null && kept.has(p.deviceIndex)
  );
  return { snapshot: { ...snapshot, devices, processes }, unmatched };
}

/**
 * The one-line complaint for ids that matched nothing, naming the devices there are (so a
 * typo or a renumbering is visible at once).
 */
export function unmatchedIdsMessage(snapshot: Snapshot, unmatched: readonly string[]): string {
  const known = snapshot.devices.length === 0
    ? "no devices found"
    : `devices: ${snapshot.devices.map((d) => `${d.index} (${d.id})`).join(", ")}`;
  return `no device matches --id '${unmatched.join(",")}'; ${known}`;
}
