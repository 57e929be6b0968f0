import assert from "node:assert/strict";
import { mergeReadings } from "../../src/model/merge.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../src/model/types.ts";

function reading(devices: DeviceReading[], processes: ProcessReading[] = []): BackendReading {
  return { timestampMs: 0, devices, processes };
}

Deno.test("mergeReadings() joins devices by normalised PCI address and records sources", () => {
  const nvml: DeviceReading = {
    localId: "0000:01:00.0",
    vendor: "nvidia",
    name: "NVIDIA H100",
    pciBusId: "00000000:01:00.0",
    memoryTotalBytes: 100,
    utilizationPercent: null,
  };
  const drm: DeviceReading = {
    localId: "0000:01:00.0",
    vendor: "nvidia",
    name: "NVIDIA GPU 10de:2330",
    pciBusId: "0000:01:00.0",
    utilizationPercent: 40,
    runtimeStatus: "active",
  };
  // Passed in reverse registry order on purpose: precedence must not depend on input order.
  const { devices } = mergeReadings([
    { id: "drm", reading: reading([drm]) },
    { id: "nvml", reading: reading([nvml]) },
  ]);
  assert.equal(devices.length, 1);
  const [device] = devices;
  assert.equal(device?.name, "NVIDIA H100");
  assert.equal(device?.sources.name, "nvml");
  // nvml said null for utilisation: the next backend that knows it fills it.
  assert.equal(device?.utilizationPercent, 40);
  assert.equal(device?.sources.utilizationPercent, "drm");
  assert.equal(device?.runtimeStatus, "active");
  assert.equal(device?.memoryTotalBytes, 100);
  assert.equal(device?.pciBusId, "0000:01:00.0");
  assert.equal(device?.id, "0000:01:00.0");
  assert.equal(device?.temperatureCelsius, null);
  assert.equal("temperatureCelsius" in (device?.sources ?? {}), false);
});

Deno.test("mergeReadings() falls back to UUID when a backend has no PCI address", () => {
  const { devices } = mergeReadings([
    {
      id: "nvml",
      reading: reading([{
        localId: "a",
        vendor: "nvidia",
        uuid: "GPU-ABC",
        pciBusId: "0000:02:00.0",
      }]),
    },
    {
      id: "nvidia-smi",
      reading: reading([{ localId: "b", vendor: "nvidia", uuid: "gpu-abc", fanPercent: 30 }]),
    },
  ]);
  assert.equal(devices.length, 1);
  assert.equal(devices[0]?.fanPercent, 30);
  assert.equal(devices[0]?.sources.fanPercent, "nvidia-smi");
});

Deno.test("mergeReadings() orders devices by PCI address and indexes them from 0", () => {
  const { devices } = mergeReadings([
    {
      id: "drm",
      reading: reading([
        { localId: "b", vendor: "amd", pciBusId: "0000:03:00.0" },
        { localId: "a", vendor: "intel", pciBusId: "0000:00:02.0" },
      ]),
    },
    { id: "macmon", reading: reading([{ localId: "apple", vendor: "apple" }]) },
  ]);
  assert.deepEqual(devices.map((d) => [d.index, d.id]), [
    [0, "0000:00:02.0"],
    [1, "0000:03:00.0"],
    [2, "macmon:apple"],
  ]);
});

Deno.test("mergeReadings() keeps two devices of one backend apart even with equal UUIDs", () => {
  const { devices } = mergeReadings([{
    id: "nvml",
    reading: reading([
      { localId: "0", vendor: "nvidia", uuid: "GPU-SAME" },
      { localId: "1", vendor: "nvidia", uuid: "GPU-SAME" },
    ]),
  }]);
  assert.equal(devices.length, 2);
});

Deno.test("mergeReadings() joins processes to merged devices; the earlier backend wins a pair", () => {
  const { devices, processes } = mergeReadings([
    {
      id: "drm",
      reading: reading(
        [{ localId: "0000:03:00.0", vendor: "amd", pciBusId: "0000:03:00.0" }],
        [
          {
            pid: 10,
            deviceLocalId: "0000:03:00.0",
            gpuMemoryBytes: 999,
            engines: { render: 5 },
            type: "drm",
            perProcess: true,
          },
          { pid: 11, deviceLocalId: "0000:03:00.0", gpuMemoryBytes: 50, perProcess: true },
        ],
      ),
    },
    {
      id: "level-zero",
      reading: reading(
        [{ localId: "gpu0", vendor: "amd", pciBusId: "0000:03:00.0" }],
        [{ pid: 10, deviceLocalId: "gpu0", gpuMemoryBytes: 1000, perProcess: true }],
      ),
    },
  ]);
  assert.equal(devices.length, 1);
  assert.equal(processes.length, 2);
  const p10 = processes.find((p) => p.pid === 10);
  assert.equal(p10?.source, "level-zero");
  assert.equal(p10?.gpuMemoryBytes, 1000);
  // level-zero had no engine figures; DRM's fill the gap.
  assert.deepEqual(p10?.engines, { render: 5 });
  assert.equal(p10?.deviceIndex, 0);
  assert.equal(p10?.deviceId, "0000:03:00.0");
  // Largest memory first within a device.
  assert.deepEqual(processes.map((p) => p.pid), [10, 11]);
});

Deno.test("mergeReadings() gives a process with an unknown device a null index", () => {
  const { processes } = mergeReadings([{
    id: "nvidia-smi",
    reading: reading([], [{ pid: 5, deviceLocalId: "nowhere", perProcess: false }]),
  }]);
  assert.equal(processes[0]?.deviceIndex, null);
  assert.equal(processes[0]?.deviceId, null);
  assert.equal(processes[0]?.perProcess, false);
  assert.equal(processes[0]?.gpuMemoryBytes, null);
});

Deno.test("mergeReadings() labels utilisation with the source of the winning figure", () => {
  const { devices } = mergeReadings([
    {
      id: "drm",
      reading: reading([
        {
          localId: "i",
          vendor: "intel",
          pciBusId: "0000:00:02.0",
          utilizationPercent: 30,
          utilizationSource: "processes",
        },
        { localId: "a", vendor: "amd", pciBusId: "0000:03:00.0", utilizationPercent: 12 },
        { localId: "n", vendor: "nvidia", pciBusId: "0000:04:00.0", utilizationPercent: null },
      ]),
    },
    {
      id: "nvml",
      reading: reading([{
        localId: "n",
        vendor: "nvidia",
        pciBusId: "0000:04:00.0",
        utilizationPercent: 80,
      }]),
    },
  ]);
  assert.deepEqual(
    devices.map((d) => [d.utilizationPercent, d.utilizationSource, d.sources.utilizationSource]),
    [[30, "processes", "drm"], [12, "device", "drm"], [80, "device", "nvml"]],
  );
  const unknown = mergeReadings([{
    id: "drm",
    reading: reading([{ localId: "x", vendor: "amd", pciBusId: "0000:05:00.0" }]),
  }]);
  assert.equal(unknown.devices[0]?.utilizationSource, null);
});

Deno.test("mergeReadings() names a device with no PCI address or UUID by its host id", () => {
  const result = mergeReadings([
    {
      id: "drm",
      reading: reading([
        { localId: "fde60000.gpu", hostId: "fde60000.gpu", vendor: "arm", pciBusId: null },
        { localId: "card9", vendor: "other" },
      ]),
    },
  ]);
  // The platform device keeps its bare name; one without any stable id gets backend:local.
  assert.deepEqual(result.devices.map((d) => d.id), ["fde60000.gpu", "drm:card9"]);
});
