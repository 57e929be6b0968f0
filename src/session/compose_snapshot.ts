/**
 * A sample's snapshot from its backends' readings: merged by PCI address (`model/merge.ts`),
 * processes enriched, every number guarded (`model/sanitize_snapshot.ts`) and each device's
 * health judged (`model/device_health.ts`). Those three (7 modules, ~37 KB) are imported with the
 * first reading: a sample that has none (no backend opened: a machine with no GPU) has nothing
 * to merge, guard or judge (each would return what it was given; stable device indexes assign
 * nothing), so a one-shot reading there never loads them.
 */
import type { StableDeviceIndexes } from "../model/stable_index.ts";
import { SCHEMA_VERSION } from "../model/schema_ids.ts";
import type { BackendId, BackendReading, BackendStatus, Snapshot } from "../model/types.ts";
import type { LazyProcessEnricher } from "./lazy_enricher.ts";
import type { MergedProcesses } from "../model/merged_processes.ts";

/**
 * A long-running session's merged records (`model/merged_processes.ts`: an unchanged process's
 * record handed out again), made with its first reading.
 */
export interface RecordsSlot {
  records: MergedProcesses | null;
}

export interface SampleInput {
  id: BackendId;
  reading: BackendReading;
}

export async function composeSnapshot(
  inputs: readonly SampleInput[],
  indexes: StableDeviceIndexes | null,
  enricher: LazyProcessEnricher,
  statuses: () => BackendStatus[],
  slot: RecordsSlot | null = null,
): Promise<Snapshot> {
  if (inputs.length === 0) {
    // Statuses after the enrichment, as below: a late open may settle meanwhile.
    const processes = await enricher.enrich([]);
    return snapshotOf(statuses(), [], processes);
  }
  const [{ mergeReadings }, { sanitizeSnapshot }, { withDeviceHealth }] = await Promise.all([
    import("../model/merge.ts"),
    import("../model/sanitize_snapshot.ts"),
    import("../model/device_health.ts"),
  ]);
  if (slot !== null && slot.records === null) {
    slot.records = new (await import("../model/merged_processes.ts")).MergedProcesses();
  }
  const merged = mergeReadings(inputs, indexes, slot?.records ?? null);
  const processes = await enricher.enrich(merged.processes);
  // The last guard: no parser's number reaches the output unchecked; health judges the rest.
  return withDeviceHealth(sanitizeSnapshot(snapshotOf(statuses(), merged.devices, processes)));
}

function snapshotOf(
  backends: BackendStatus[],
  devices: Snapshot["devices"],
  processes: Snapshot["processes"],
): Snapshot {
  return {
    schemaVersion: SCHEMA_VERSION,
    timestamp: new Date().toISOString(),
    hostname: hostnameOrNull(),
    backends,
    devices,
    processes,
  };
}

function hostnameOrNull(): string | null {
  try {
    return Deno.hostname();
  } catch {
    return null;
  }
}
