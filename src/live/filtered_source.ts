/**
 * `-i/--id` for the long-running commands: a session whose readings keep only the chosen
 * devices and their processes. An id that matches nothing is not an error here: a device
 * can appear later (a driver loading), and the view or the exporter simply shows none.
 */
import { filterDevices } from "../cli/device_filter.ts";
import type { Snapshot } from "../model/types.ts";
import type { SnapshotSource } from "./sampler.ts";

export function filteredSource(
  source: SnapshotSource,
  ids: readonly string[] | null,
): SnapshotSource {
  if (ids === null) return source;
  return {
    sample: async (): Promise<Snapshot> => filterDevices(await source.sample(), ids).snapshot,
    close: () => source.close(),
  };
}
