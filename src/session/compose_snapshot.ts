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
import type { mergeReadings } from "../model/merge.ts";
import type { sanitizeSnapshot } from "../model/sanitize_snapshot.ts";
import type { withDeviceHealth } from "../model/device_health.ts";

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

/** The modules a reading is composed with, loaded by the first reading that needs them. */
interface Composers {
  mergeReadings: typeof mergeReadings;
  sanitizeSnapshot: typeof sanitizeSnapshot;
  withDeviceHealth: typeof withDeviceHealth;
}

/** Kept once loaded: an `import()` per sample costs a module lookup and promises each time. */
let composers: Composers | null = null;

async function loadComposers(): Promise<Composers> {
  const [merge, sanitize, health] = await Promise.all([
    import("../model/merge.ts"),
    import("../model/sanitize_snapshot.ts"),
    import("../model/device_health.ts"),
  ]);
  composers = {
    mergeReadings: merge.mergeReadings,
    sanitizeSnapshot: sanitize.sanitizeSnapshot,
    withDeviceHealth: health.withDeviceHealth,
  };
  return composers;
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
  const compose = composers ?? await loadComposers();
  if (slot !== null && slot.records === null) {
    // Once per long-running session: a one-shot reading never loads it.
    slot.records = new (await import("../model/merged_processes.ts")).MergedProcesses();
  }
  const merged = compose.mergeReadings(inputs, indexes, slot?.records ?? null);
  const processes = await enricher.enrich(merged.processes);
  // The last guard: no parser's number reaches the output unchecked; health judges the rest.
  const snapshot = snapshotOf(statuses(), merged.devices, processes);
  return compose.withDeviceHealth(compose.sanitizeSnapshot(snapshot));
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
