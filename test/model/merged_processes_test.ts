/**
 * `MergedProcesses` (`src/model/merged_processes.ts`) through `mergeReadings`: a backend's
 * unchanged process reading (the same object, same position, same device) gets the record the
 * last merge made; a new reading object, or a device that changed index, gets a new one; a
 * record filled from a later backend is a copy, so a record handed out before never changes.
 */
import assert from "node:assert/strict";
import { mergeReadings } from "../../src/model/merge.ts";
import { MergedProcesses } from "../../src/model/merged_processes.ts";
import { StableDeviceIndexes } from "../../src/model/stable_index.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../src/model/types.ts";

const card: DeviceReading = { localId: "0000:03:00.0", vendor: "amd", pciBusId: "0000:03:00.0" };

function drmProcess(pid: number, bytes: number): ProcessReading {
  return { pid, deviceLocalId: card.localId, gpuMemoryBytes: bytes, type: "drm", perProcess: true };
}

function reading(processes: ProcessReading[], devices = [card]): BackendReading {
  return { timestampMs: 0, devices, processes };
}

Deno.test("merged processes: the same reading object gets the last record again", () => {
  const records = new MergedProcesses();
  const indexes = new StableDeviceIndexes();
  const a = drmProcess(1, 100), b = drmProcess(2, 200);
  const first = mergeReadings([{ id: "drm", reading: reading([a, b]) }], indexes, records);
  const second = mergeReadings([{ id: "drm", reading: reading([a, b]) }], indexes, records);
  assert.equal(second.processes[0], first.processes[0]);
  assert.equal(second.processes[1], first.processes[1]);
  const b2 = drmProcess(2, 300); // pid 2 changed: a new reading object
  const third = mergeReadings([{ id: "drm", reading: reading([a, b2]) }], indexes, records);
  const byPid = (pid: number) => third.processes.find((p) => p.pid === pid);
  assert.equal(byPid(1), first.processes.find((p) => p.pid === 1));
  assert.notEqual(byPid(2), first.processes.find((p) => p.pid === 2));
  assert.equal(byPid(2)?.gpuMemoryBytes, 300);
  // Without records (one-shot), every merge makes its own.
  const plain = mergeReadings([{ id: "drm", reading: reading([a, b]) }]);
  assert.notEqual(plain.processes[0], first.processes[0]);
});

Deno.test("merged processes: a device's new index makes a new record", () => {
  const records = new MergedProcesses();
  const a = drmProcess(1, 100);
  const other: DeviceReading = { localId: "0000:01:00.0", vendor: "amd", pciBusId: "0000:01:00.0" };
  // No stable indexes: a card at a lower address takes index 0 and moves ours to 1.
  const first = mergeReadings([{ id: "drm", reading: reading([a]) }], null, records);
  const second = mergeReadings(
    [{ id: "drm", reading: reading([a], [other, card]) }],
    null,
    records,
  );
  assert.equal(first.processes[0]?.deviceIndex, 0);
  assert.equal(second.processes[0]?.deviceIndex, 1);
  assert.notEqual(second.processes[0], first.processes[0]);
});

Deno.test("merged processes: a record filled from a later backend is a copy", () => {
  const records = new MergedProcesses();
  const a = drmProcess(1, 100);
  // amdsmi comes before drm in the registry: its record is the one drm fills.
  const first = mergeReadings([{ id: "amdsmi", reading: reading([a]) }], null, records);
  const named: ProcessReading = { ...drmProcess(1, 50), name: "trainer" };
  const both = mergeReadings(
    [
      { id: "amdsmi", reading: reading([a]) },
      { id: "drm", reading: reading([named]) },
    ],
    null,
    records,
  );
  assert.equal(both.processes[0]?.name, "trainer");
  assert.equal(first.processes[0]?.name, null, "the record handed out before is unchanged");
});
