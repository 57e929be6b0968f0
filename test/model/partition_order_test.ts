import assert from "node:assert/strict";
import { mergeReadings } from "../../src/model/merge.ts";
import { assignableDevices, deviceLabel } from "../../src/model/partition_order.ts";

const MIG = "MIG-1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d";
const PARTITION = {
  kind: "mig" as const,
  migIndex: 1,
  gpuInstanceId: 9,
  computeInstanceId: 0,
  profile: "1g.10gb",
};

Deno.test("merge: a MIG device never joins the DRM device at its parent's PCI address", () => {
  const { devices, processes } = mergeReadings([
    {
      id: "drm",
      reading: {
        timestampMs: 0,
        devices: [{ localId: "card0", vendor: "nvidia", pciBusId: "0000:07:00.0" }],
        processes: [],
      },
    },
    {
      id: "nvml",
      reading: {
        timestampMs: 0,
        devices: [
          { localId: "0000:07:00.0", vendor: "nvidia", pciBusId: "0000:07:00.0" },
          { localId: "0000:08:00.0", vendor: "nvidia", pciBusId: "0000:08:00.0" },
          {
            localId: MIG,
            vendor: "nvidia",
            uuid: MIG,
            parentId: "0000:07:00.0",
            partition: PARTITION,
          },
        ],
        processes: [{ pid: 1, deviceLocalId: MIG, perProcess: true }],
      },
    },
  ]);
  // Listed after its parent; whole GPUs keep the first indexes.
  assert.deepEqual(devices.map((d) => [d.index, d.id]), [
    [0, "0000:07:00.0"],
    [2, MIG],
    [1, "0000:08:00.0"],
  ]);
  assert.deepEqual(devices[0]?.sources.pciBusId !== undefined, true);
  assert.equal(devices[1]?.parentId, "0000:07:00.0");
  assert.equal(devices[1]?.pciBusId, null);
  assert.deepEqual(processes.map((p) => [p.pid, p.deviceId]), [[1, MIG]]);
  assert.equal(deviceLabel(devices[1]!, devices), "0:1");
  assert.equal(deviceLabel(devices[2]!, devices), "1");
  assert.deepEqual(assignableDevices(devices).map((d) => d.index), [2, 1]);
});
