/**
 * The hosts' readings as one snapshot: each backend, device and process tagged with the
 * `host` it came from (the entry as given: two hosts may share a hostname, never an entry),
 * and the `hosts` list saying how each read went. Device indexes and ids stay each host's
 * own, so they are what a user types on that host (`CUDA_VISIBLE_DEVICES`, `-i`); a device is
 * named across the fleet by its host and index. `-i` is applied on each host before the merge,
 * so a process is kept with its own host's device only.
 */
import { filterDevices } from "../model/device_filter.ts";
import type { Snapshot } from "../model/types.ts";
import type { HostReading } from "./read_host.ts";

export interface MergedHosts {
  snapshot: Snapshot;
  /** `-i` ids that matched a device on no host. */
  unmatched: string[];
}

export function mergeHostReadings(
  readings: readonly HostReading[],
  ids: readonly string[] | null,
  timestamp: string,
): MergedHosts {
  const merged: Snapshot = {
    schemaVersion: 1,
    timestamp,
    hostname: null,
    backends: [],
    devices: [],
    processes: [],
    hosts: readings.map((reading) => reading.entry),
  };
  const unmatchedCount = new Map<string, number>();
  let readable = 0;
  for (const { entry, snapshot } of readings) {
    if (snapshot === null) continue;
    readable++;
    const filtered = ids === null ? { snapshot, unmatched: [] } : filterDevices(snapshot, ids);
    for (const id of filtered.unmatched) unmatchedCount.set(id, (unmatchedCount.get(id) ?? 0) + 1);
    const { host } = entry;
    merged.backends.push(...filtered.snapshot.backends.map((b) => ({ ...b, host })));
    merged.devices.push(...filtered.snapshot.devices.map((d) => ({ ...d, host })));
    merged.processes.push(...filtered.snapshot.processes.map((p) => ({ ...p, host })));
  }
  const unmatched = readable === 0
    ? []
    : [...unmatchedCount].filter(([, count]) => count === readable).map(([id]) => id);
  return { snapshot: merged, unmatched };
}
