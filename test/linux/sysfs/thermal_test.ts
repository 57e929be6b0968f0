import assert from "node:assert/strict";
import { join } from "node:path";
import { hottest, readGpuThermalZones } from "../../../src/linux/sysfs/thermal.ts";
import { sysRootOf } from "./fixture_tree.ts";

Deno.test("only zones named for the GPU are taken (m°C → °C)", () => {
  // panthor-rk3588: soc-thermal 41600, gpu-thermal 39800, npu-thermal 40700
  assert.deepEqual(readGpuThermalZones(sysRootOf("panthor-rk3588")), { "gpu-thermal": 39.8 });
  // Raspberry Pi 4: cpu-thermal only → unknown
  assert.equal(readGpuThermalZones(sysRootOf("v3d-rpi4")), null);
  // msm: gpuss0 44100, gpuss1 44900
  const msm = readGpuThermalZones(sysRootOf("msm-sc7180"));
  assert.deepEqual(msm, { "gpuss0-thermal": 44.1, "gpuss1-thermal": 44.9 });
  assert.equal(hottest(msm), 44.9);
  assert.equal(hottest(null), null);
});

Deno.test("an unreadable or absent thermal class is null, not an error", () => {
  assert.equal(readGpuThermalZones("/nonexistent"), null);
  const sys = Deno.makeTempDirSync();
  try {
    const zone = join(sys, "class/thermal/thermal_zone0");
    Deno.mkdirSync(zone, { recursive: true });
    Deno.writeTextFileSync(join(zone, "type"), "gpu-thermal\n");
    Deno.writeTextFileSync(join(zone, "temp"), "oops\n");
    assert.equal(readGpuThermalZones(sys), null);
  } finally {
    Deno.removeSync(sys, { recursive: true });
  }
});
