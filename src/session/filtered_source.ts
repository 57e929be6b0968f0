/**
 * `-i/--id` for the long-running commands: a session whose readings keep only the chosen
 * devices and their processes. An id that matches nothing is not an error here: a device
 * can appear later (a driver loading), and the view or the exporter simply shows none. The
 * view still says so: each filtered reading remembers how many devices were found before the
 * filter, so `top` can say "-i matched none of the 2 GPUs found" rather than "No GPUs found".
 */
import { filterDevices } from "../model/device_filter.ts";
import type { Snapshot } from "../model/types.ts";
import type { SnapshotSource } from "./sampler.ts";

/** What `-i` asked for and, for one filtered reading, how many devices it was chosen from. */
export interface IdFilterView {
  ids: readonly string[];
  /** Devices in the reading before the filter; null for a reading this source did not make. */
  devicesFound: number | null;
}

export interface FilteredSource extends SnapshotSource {
  readonly ids: readonly string[];
  idFilterOf(snapshot: Snapshot): IdFilterView;
}

/** `source` itself without `-i`; else a `FilteredSource` (see `idFilterOf`). */
export function filteredSource(
  source: SnapshotSource,
  ids: readonly string[] | null,
): SnapshotSource {
  if (ids === null) return source;
  const devicesFound = new WeakMap<Snapshot, number>();
  const filtered: FilteredSource = {
    ids,
    sample: async (): Promise<Snapshot> => {
      const reading = await source.sample();
      const { snapshot } = filterDevices(reading, ids);
      devicesFound.set(snapshot, reading.devices.length);
      return snapshot;
    },
    close: () => source.close(),
    idFilterOf: (snapshot) => ({ ids, devicesFound: devicesFound.get(snapshot) ?? null }),
  };
  return filtered;
}

/** The `-i` view of a source made by `filteredSource`, or null for any other source. */
export function idFilterOf(source: SnapshotSource, snapshot: Snapshot | null): IdFilterView | null {
  if (!("idFilterOf" in source) || typeof source.idFilterOf !== "function") return null;
  const filtered = source as FilteredSource;
  return snapshot === null
    ? { ids: filtered.ids, devicesFound: null }
    : filtered.idFilterOf(snapshot);
}
