import assert from "node:assert/strict";
import { mergeHostReadings } from "../../src/fleet/merge_hosts.ts";
import type { HostReading } from "../../src/fleet/read_host.ts";
import type { Device, GpuProcess, Snapshot } from "../../src/model/types.ts";
import { emptyDeviceMetrics } from "../../src/model/empty_device.ts";

function device(index: number, id: string): Device {
  return { ...emptyDeviceMetrics(), index, id, vendor: "amd", name: `gpu ${id}` } as Device;
}

function process(pid: number, deviceIndex: number): GpuProcess {
  return { pid, deviceIndex, deviceId: null } as unknown as GpuProcess;
}

function reading(host: string, devices: Device[], processes: GpuProcess[]): HostReading {
  const snapshot: Snapshot = {
    schemaVersion: 1,
    timestamp: "2026-01-01T00:00:00.000Z",
    hostname: "same-name",
    backends: [],
    devices,
    processes,
  };
  return { entry: { host, status: "ok", detail: null }, snapshot };
}

Deno.test("mergeHostReadings: devices and processes tagged by host, each host's indexes kept", () => {
  const merged = mergeHostReadings(
    [
      reading("a:1", [device(0, "0000:01:00.0"), device(1, "0000:02:00.0")], [process(10, 1)]),
      { entry: { host: "b:1", status: "timeout", detail: "no answer within 3s" }, snapshot: null },
      reading("c:1", [device(0, "0000:01:00.0")], [process(10, 0)]),
    ],
    null,
    "2026-01-02T00:00:00.000Z",
  );
  const { snapshot } = merged;
  assert.deepEqual(snapshot.devices.map((d) => [d.host, d.index, d.id]), [
    ["a:1", 0, "0000:01:00.0"],
    ["a:1", 1, "0000:02:00.0"],
    ["c:1", 0, "0000:01:00.0"],
  ]);
  assert.deepEqual(snapshot.processes.map((p) => [p.host, p.pid, p.deviceIndex]), [["a:1", 10, 1], [
    "c:1",
    10,
    0,
  ]]);
  assert.deepEqual(snapshot.hosts?.map((h) => h.status), ["ok", "timeout", "ok"]);
  assert.equal(snapshot.hostname, null);
  assert.equal(snapshot.timestamp, "2026-01-02T00:00:00.000Z");
});

Deno.test("mergeHostReadings: -i on each host; unmatched only when no host has it", () => {
  const hosts = [
    reading("a:1", [device(0, "0000:01:00.0"), device(1, "0000:02:00.0")], [
      process(10, 1),
      process(11, 0),
    ]),
    reading("c:1", [device(0, "0000:03:00.0")], [process(12, 0)]),
  ];
  const one = mergeHostReadings(hosts, ["0000:02:00.0"], "t");
  assert.deepEqual(one.snapshot.devices.map((d) => [d.host, d.index]), [["a:1", 1]]);
  // Host c's process on its device 0 is not kept by a's device 1, nor a's on device 0.
  assert.deepEqual(one.snapshot.processes.map((p) => p.pid), [10]);
  assert.deepEqual(one.unmatched, []);
  assert.deepEqual(mergeHostReadings(hosts, ["0", "7"], "t").unmatched, ["7"]);
});
