import assert from "node:assert/strict";
import { filterDevices } from "../../src/model/device_filter.ts";
import { mergeReadings } from "../../src/model/merge.ts";
import type { Snapshot } from "../../src/model/types.ts";

function twoGpuSnapshot(): Snapshot {
  const { devices, processes } = mergeReadings([{
    id: "nvml",
    reading: {
      timestampMs: 0,
      devices: [
        { localId: "a", vendor: "nvidia", pciBusId: "0000:01:00.0", uuid: "GPU-AAA" },
        { localId: "b", vendor: "nvidia", pciBusId: "0000:02:00.0", uuid: "GPU-BBB" },
      ],
      processes: [
        { pid: 1, deviceLocalId: "a", perProcess: true },
        { pid: 2, deviceLocalId: "b", perProcess: true },
      ],
    },
  }]);
  return { schemaVersion: 1, timestamp: "", hostname: null, backends: [], devices, processes };
}

Deno.test("filterDevices() selects by index, UUID and any PCI spelling", () => {
  const snapshot = twoGpuSnapshot();
  for (const id of ["1", "gpu-bbb", "00000000:02:00.0", "02:00.0"]) {
    const { snapshot: filtered, unmatched } = filterDevices(snapshot, [id]);
    assert.deepEqual(filtered.devices.map((d) => d.index), [1], id);
    assert.deepEqual(filtered.processes.map((p) => p.pid), [2], id);
    assert.deepEqual(unmatched, []);
  }
});

Deno.test("filterDevices() reports ids that match nothing", () => {
  const { unmatched, snapshot } = filterDevices(twoGpuSnapshot(), ["0", "7"]);
  assert.deepEqual(unmatched, ["7"]);
  assert.deepEqual(snapshot.devices.map((d) => d.index), [0]);
});
