/**
 * A sample's snapshot: with no reading a one-shot skips the merge, guard and health modules and
 * gives exactly what they would; with readings (or in a long-running session) they apply.
 */
import assert from "node:assert/strict";
import { composeSnapshot } from "../../src/session/compose_snapshot.ts";
import { LazyProcessEnricher } from "../../src/session/lazy_enricher.ts";
import { mergeReadings } from "../../src/model/merge.ts";
import { sanitizeSnapshot } from "../../src/model/sanitize_snapshot.ts";
import { withDeviceHealth } from "../../src/model/device_health.ts";
import { StableDeviceIndexes } from "../../src/model/stable_index.ts";
import type { BackendStatus, DeviceReading, Snapshot } from "../../src/model/types.ts";
import { testContext } from "../support/backend_context.ts";

const STATUSES: BackendStatus[] = [
  {
    id: "nvml",
    status: "skipped",
    detail: "not selected by --backends",
    library: null,
    version: null,
  },
  { id: "drm", status: "ok", detail: null, library: null, version: "6.8" },
];

const DEVICE: DeviceReading = {
  localId: "0000:01:00.0",
  vendor: "amd",
  name: "Radeon",
  pciBusId: "0000:01:00.0",
  memoryTotalBytes: 100,
  // Implausible: the guard drops it and says so on drm's status.
  utilizationPercent: 250,
};

const withoutTime = (snapshot: Snapshot) => ({ ...snapshot, timestamp: null });

Deno.test("composeSnapshot: no reading: what merge, guard and health would give", async () => {
  const enricher = new LazyProcessEnricher(testContext());
  const statuses = () => STATUSES.map((s) => ({ ...s }));
  const snapshot = await composeSnapshot([], null, enricher, statuses);
  const full = withDeviceHealth(sanitizeSnapshot({
    ...snapshot,
    backends: statuses(),
    ...mergeReadings([], null),
  }));
  assert.deepEqual(withoutTime(snapshot), withoutTime(full));
  assert.deepEqual(snapshot.devices, []);
  assert.deepEqual(snapshot.processes, []);
  assert.deepEqual(snapshot.backends, STATUSES);
  assert.equal(enricher.loaded, false);
});

Deno.test("composeSnapshot: readings are merged, guarded and judged", async () => {
  const enricher = new LazyProcessEnricher(testContext());
  const inputs = [{
    id: "drm" as const,
    reading: { timestampMs: 0, devices: [DEVICE], processes: [] },
  }];
  const snapshot = await composeSnapshot(
    inputs,
    null,
    enricher,
    () => STATUSES.map((s) => ({ ...s })),
  );
  assert.equal(snapshot.devices.length, 1);
  assert.equal(snapshot.devices[0]?.utilizationPercent, null);
  assert.match(
    snapshot.backends[1]?.detail ?? "",
    /1 implausible value dropped \(utilizationPercent\)/,
  );
  assert.ok("health" in (snapshot.devices[0] ?? {}), "health judged");
});

Deno.test("composeSnapshot: an empty sample between two leaves the stable indexes as they were", async () => {
  const indexes = new StableDeviceIndexes();
  const enricher = new LazyProcessEnricher(testContext({ rescanIntervalMs: 2000 }));
  const inputs = [{
    id: "drm" as const,
    reading: { timestampMs: 0, devices: [DEVICE], processes: [] },
  }];
  const statuses = () => STATUSES.map((s) => ({ ...s }));
  assert.equal((await composeSnapshot(inputs, indexes, enricher, statuses)).devices[0]?.index, 0);
  assert.deepEqual((await composeSnapshot([], indexes, enricher, statuses)).devices, []);
  const second = { ...DEVICE, localId: "0000:02:00.0", pciBusId: "0000:02:00.0" };
  const both = [{
    id: "drm" as const,
    reading: { timestampMs: 0, devices: [second, DEVICE], processes: [] },
  }];
  const again = await composeSnapshot(both, indexes, enricher, statuses);
  // The first device keeps index 0 and the newcomer takes the next.
  assert.deepEqual(again.devices.map((d) => [d.pciBusId, d.index]), [["0000:01:00.0", 0], [
    "0000:02:00.0",
    1,
  ]]);
});
