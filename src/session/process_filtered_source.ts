/**
 * `--container`, `--pod`, `--user` for the long-running commands (`top`, `serve`): a source
 * whose readings keep only the matching processes (`model/process_filter.ts`). Devices are
 * untouched, so the device view and device series stay whole.
 */
import { filterProcesses, type ProcessFilter } from "../model/process_filter.ts";
import type { SnapshotSource } from "./sampler.ts";

/** `source` itself without a filter. */
export function processFilteredSource(
  source: SnapshotSource,
  filter: ProcessFilter | null,
): SnapshotSource {
  if (filter === null) return source;
  return {
    sample: async () => filterProcesses(await source.sample(), filter),
    close: () => source.close(),
  };
}
