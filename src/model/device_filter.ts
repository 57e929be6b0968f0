/**
 * `-i/--id LIST`: keep the devices named by index, UUID or PCI address (any spelling that
 * normalises to the same address), or a MIG device by its `MIG-…` UUID or as `GPU:MIG`
 * (`0:1`: GPU 0's MIG device in slot 1, as NVIDIA_VISIBLE_DEVICES reads it), and the
 * processes on them. Indexes are not renumbered,
 * so `-i 1` still says device 1.
 */
import { normalizePciBusId } from "./pci.ts";
import type { Device, Snapshot } from "./types.ts";

export interface FilterResult {
  snapshot: Snapshot;
  /** Ids that matched no device. */
  unmatched: string[];
}

export function deviceMatchesId(device: Device, id: string, parent: Device | null = null): boolean {
  const text = id.trim();
  if (/^\d+$/.test(text)) return device.index === Number(text);
  const mig = /^(\d+):(\d+)$/.exec(text);
  if (mig !== null) {
    return parent !== null && parent.index === Number(mig[1]) &&
      device.partition?.migIndex === Number(mig[2]);
  }
  const lower = text.toLowerCase();
  if (device.uuid && device.uuid.toLowerCase() === lower) return true;
  if (device.id.toLowerCase() === lower) return true;
  const pci = normalizePciBusId(text);
  return pci !== null && device.pciBusId === pci;
}

export function filterDevices(snapshot: Snapshot, ids: readonly string[] | null): FilterResult {
  if (ids === null) return { snapshot, unmatched: [] };
  const byId = new Map(snapshot.devices.map((d) => [d.id, d]));
  const parentOf = (d: Device) => (d.parentId === null ? null : byId.get(d.parentId) ?? null);
  const named = (d: Device) => ids.some((id) => deviceMatchesId(d, id, parentOf(d)));
  const unmatched = ids.filter((id) =>
    !snapshot.devices.some((d) => deviceMatchesId(d, id, parentOf(d)))
  );
  // Naming a GPU names its MIG devices too: they are where its work runs.
  const devices = snapshot.devices.filter((d) => {
    const parent = parentOf(d);
    return named(d) || (parent !== null && named(parent));
  });
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
