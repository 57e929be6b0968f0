/**
 * NPUs (`/sys/class/accel`) through the DRM backend with the real fdinfo sampler: the first
 * sample is the amdxdna capture (engine 0 ns, memory 0), the second (`npu-amdxdna-later`,
 * 1000 ms on by the injected clock) has the invented figures of
 * fixtures/linux/README-accel.md. Every expected figure is worked by hand in a comment.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DrmBackend } from "../../../src/backends/drm/backend.ts";
import { copyTree, procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { testContext } from "../../support/backend_context.ts";
import { twoDrmReadings } from "./two_readings.ts";

/** The amdxdna capture, then npu-amdxdna-later; `edit` may change the copied /sys first. */
function twoReadings(edit: (sys: string) => void = () => {}) {
  return twoDrmReadings("npu-amdxdna", (dir) => edit(join(dir, "sys")));
}

Deno.test("amdxdna NPU: device from sysfs with deviceClass npu, its client's memory and engine", async () => {
  const [first, second] = await twoReadings();
  assert.equal(first.detail, null);
  assert.equal(first.devices.length, 1);
  const device = first.devices[0]!;
  assert.equal(device.localId, "0000:c5:00.1");
  assert.equal(device.deviceClass, "npu");
  assert.equal(device.vendor, "amd"); // PCI vendor 0x1022
  assert.equal(device.name, "AMD NPU 1022:17f0");
  assert.equal(device.driver, "amdxdna");
  assert.equal(device.runtimeStatus, "active");
  assert.equal(device.memoryTotalBytes, undefined); // sysfs has no NPU memory file
  // First sample: the capture's memory (drm-total-memory 0, no resident line → total) and
  // no rate yet.
  assert.deepEqual(first.processes.map((p) => [p.pid, p.deviceLocalId]), [[3200, "0000:c5:00.1"]]);
  assert.deepEqual(first.processes[0]!.memoryByRegion, { memory: 0 });
  assert.equal(first.processes[0]!.gpuMemoryBytes, 0);
  assert.equal(first.processes[0]!.engines, null);
  assert.equal(device.utilizationPercent, null);
  // Later: total 65536 KiB = 67108864 bytes, all of it system memory the NPU works from;
  // engine npu-amdxdna 0 → 350000000 ns over 1e9 ns = 35 %.
  const process = second.processes[0]!;
  assert.deepEqual(process.memoryByRegion, { memory: 67108864 });
  assert.equal(process.gpuMemoryBytes, 67108864);
  assert.deepEqual(process.engines, { "npu-amdxdna": 35 });
  const npu = second.devices[0]!;
  assert.deepEqual(npu.engines, { "npu-amdxdna": 35 });
  assert.equal(npu.utilizationPercent, 35);
  assert.equal(npu.utilizationSource, "processes");
});

Deno.test("an accel node without a device link: skipped, counted in the detail", async () => {
  const [first] = await twoReadings((sys) => {
    Deno.mkdirSync(join(sys, "class", "accel", "accel1"));
  });
  assert.deepEqual(first.devices.map((d) => d.localId), ["0000:c5:00.1"]);
  assert.equal(first.detail, "1 accel nodes without a device link skipped");
});

Deno.test("the only accel node has no device link: nothing listed, the backend is unavailable", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-accel-" });
  try {
    const sys = join(dir, "sys");
    copyTree(sysRootOf("npu-amdxdna"), sys);
    Deno.removeSync(
      join(sys, "devices", "pci0000:00", "0000:c5:00.1", "accel", "accel0", "device"),
    );
    const ctx = testContext({ procRoot: procRootOf("npu-amdxdna"), sysRoot: sys });
    const backend = new DrmBackend(
      ctx,
      () => ({
        sample: () => ({
          usages: [],
          unreadableProcesses: 0,
          ignoredFdinfoLines: 0,
          oversizeFdinfos: 0,
          timestampMs: 0,
        }),
      }),
    );
    const opened = await backend.open();
    assert.equal(opened.status, "unavailable");
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
