/**
 * `ProcessReadings` (`src/backends/drm/process_readings.ts`): the reading of the same usage
 * object on the same device is the last sample's; a new usage, another device or another
 * memory kind (integrated) makes a new one, with the GPU memory worked out again.
 */
import assert from "node:assert/strict";
import { ProcessReadings } from "../../../src/backends/drm/process_readings.ts";
import type { DrmProcessUsage } from "../../../src/linux/fdinfo/drm_process_sampler.ts";

function usage(pid: number, vram: number): DrmProcessUsage {
  return {
    pid,
    deviceKey: "0000:03:00.0",
    pciBusId: "0000:03:00.0",
    driver: "amdgpu",
    memoryByRegion: { vram, gtt: 10 },
    engines: null,
  };
}

function sample(readings: ProcessReadings, items: [DrmProcessUsage, string, boolean][]) {
  readings.begin();
  const made = items.map(([u, localId, integrated]) => readings.readingOf(u, localId, integrated));
  readings.end();
  return made;
}

Deno.test("process readings: the same usage on the same device: the last reading again", () => {
  const readings = new ProcessReadings();
  const a = usage(1, 100), b = usage(2, 200), c = usage(3, 300);
  const first = sample(readings, [[a, "card0", false], [b, "card0", false], [c, "card0", false]]);
  assert.equal(first[0]!.gpuMemoryBytes, 100, "discrete: device-local regions only");
  // pid 2 gone: the cursor skips its reading and still finds pid 3's.
  const second = sample(readings, [[a, "card0", false], [c, "card0", false]]);
  assert.equal(second[0], first[0]);
  assert.equal(second[1], first[2]);
});

Deno.test("process readings: a new usage, device or memory kind makes a new reading", () => {
  const readings = new ProcessReadings();
  const a = usage(1, 100);
  const [first] = sample(readings, [[a, "card0", false]]);
  const [integrated] = sample(readings, [[a, "card0", true]]);
  assert.notEqual(integrated, first);
  assert.equal(integrated!.gpuMemoryBytes, 110, "integrated: every region");
  const [moved] = sample(readings, [[a, "card1", true]]);
  assert.notEqual(moved, integrated);
  assert.equal(moved!.deviceLocalId, "card1");
  const [changed] = sample(readings, [[usage(1, 100), "card1", true]]);
  assert.notEqual(changed, moved);
});
