import assert from "node:assert/strict";
import { gpuMemoryFromRegions, isDeviceLocalRegion } from "../../../src/linux/fdinfo/gpu_memory.ts";

Deno.test("isDeviceLocalRegion: vram/local/stolen regions of amdgpu, i915 and xe", () => {
  for (const name of ["vram", "vram0", "vram1", "local0", "local1", "stolen-local0", "stolen"]) {
    assert.equal(isDeviceLocalRegion(name), true, name);
  }
  for (const name of ["gtt", "cpu", "system", "system0", "stolen-system0", "memory", "gds"]) {
    assert.equal(isDeviceLocalRegion(name), false, name);
  }
});

Deno.test("gpuMemoryFromRegions: discrete sums device-local regions only", () => {
  // amdgpu: vram 557494272 counts, gtt and cpu do not.
  assert.equal(
    gpuMemoryFromRegions({ cpu: 0, gtt: 23068672, vram: 557494272 }, false),
    557494272,
  );
  // xe: vram0 24567808 + stolen 0; system and gtt do not count.
  assert.equal(
    gpuMemoryFromRegions({ system: 0, gtt: 196608, vram0: 24567808, stolen: 0 }, false),
    24567808,
  );
  // i915 discrete: local0 4096 + stolen-local0 1024 = 5120.
  assert.equal(
    gpuMemoryFromRegions({ system0: 8192, local0: 4096, "stolen-local0": 1024 }, false),
    5120,
  );
  // No device-local region printed: unknown, not 0.
  assert.equal(gpuMemoryFromRegions({ gtt: 4096 }, false), null);
});

Deno.test("gpuMemoryFromRegions: integrated sums every region", () => {
  // APU: vram carve-out 17608704 + gtt 6291456 + cpu 0 = 23900160.
  assert.equal(gpuMemoryFromRegions({ vram: 17608704, gtt: 6291456, cpu: 0 }, true), 23900160);
  assert.equal(gpuMemoryFromRegions({ system0: 0 }, true), 0);
});

Deno.test("gpuMemoryFromRegions: no regions → null", () => {
  assert.equal(gpuMemoryFromRegions(null, false), null);
  assert.equal(gpuMemoryFromRegions(null, true), null);
  assert.equal(gpuMemoryFromRegions({}, true), null);
});
