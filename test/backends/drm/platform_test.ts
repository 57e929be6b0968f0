/**
 * SoC GPUs (platform devices) through the DRM backend with the real fdinfo sampler: each
 * scenario's first sample is the real capture, the second (`<scenario>-later`, 1000 ms on by
 * the injected clock) moves the counters by the amounts listed in
 * fixtures/linux/README-platform.md. Every expected figure is worked by hand in a comment.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { PlatformScenario } from "../../linux/sysfs/fixture_tree.ts";
import { twoDrmReadings } from "./two_readings.ts";

/** Two readings 1000 ms apart: proc = `<scenario>` then `<scenario>-later`. */
const twoReadings = (scenario: PlatformScenario, edit?: (dir: string) => void) =>
  twoDrmReadings(scenario, edit);

Deno.test("panfrost RK3399: one Mali device, memory and fragment/vertex-tiler % by hand", async () => {
  const [first, second] = await twoReadings("panfrost-rk3399");
  // card0 (rockchip-drm display, no render node) is not a GPU; the weston client on it has
  // DRM core keys only and is dropped without a note.
  assert.deepEqual(first.devices.map((d) => d.localId), ["ff9a0000.gpu"]);
  assert.equal(first.detail, null);
  const device = first.devices[0]!;
  assert.equal(device.vendor, "arm");
  assert.equal(device.driver, "panfrost");
  assert.equal(device.name, "Arm Mali rockchip,rk3399-mali");
  assert.equal(device.pciBusId, null);
  assert.equal(device.memoryShared, true);
  // devfreq: cur 800000000 Hz, min 200000000, max 800000000 → 800, 200, 800 MHz
  assert.deepEqual(
    [device.graphicsClockMHz, device.graphicsClockMinMHz, device.graphicsClockMaxMHz],
    [800, 200, 800],
  );
  // thermal_zone1 "gpu-thermal" 43750 m°C; cpu-thermal is not the GPU's
  assert.deepEqual(device.temperaturesCelsius, { "gpu-thermal": 43.75 });
  assert.equal(device.temperatureCelsius, 43.75);

  // First sample: memory from the capture, no rate yet.
  // drm-resident-memory 36496 KiB × 1024 = 37371904 (resident wins over total 290 MiB)
  assert.deepEqual(first.processes.map((p) => [p.pid, p.gpuMemoryBytes, p.engines]), [
    [3300, 37371904, null],
  ]);
  assert.deepEqual(first.processes[0]?.memoryByRegion, { memory: 37371904 });
  assert.equal(device.utilizationPercent, null);
  assert.equal(device.utilizationSource, "processes");

  // Second: fragment +400000000 ns / 1e9 = 40 % → render; vertex-tiler +50000000 / 1e9 = 5 %.
  // Resident 36496 + 4096 = 40592 KiB × 1024 = 41566208.
  const [process] = second.processes;
  assert.equal(process?.gpuMemoryBytes, 41566208);
  assert.deepEqual(process?.engines, { render: 40, "vertex-tiler": 5 });
  assert.deepEqual(second.devices[0]?.engines, { render: 40, "vertex-tiler": 5 });
  assert.equal(second.devices[0]?.utilizationPercent, 40); // busiest class
});

Deno.test("panthor RK3588: the single panthor class keeps its name", async () => {
  const [first, second] = await twoReadings("panthor-rk3588");
  const device = first.devices[0]!;
  assert.deepEqual(
    [device.localId, device.vendor, device.name],
    ["fb000000.gpu", "arm", "Arm Mali rockchip,rk3588-mali"],
  );
  // 1000000000 / 300000000 / 1000000000 Hz
  assert.deepEqual(
    [device.graphicsClockMHz, device.graphicsClockMinMHz, device.graphicsClockMaxMHz],
    [1000, 300, 1000],
  );
  assert.equal(device.temperatureCelsius, 39.8); // gpu-thermal 39800 m°C
  // drm-resident-memory 16480 KiB × 1024 = 16875520, both samples
  assert.deepEqual(first.processes.map((p) => [p.pid, p.gpuMemoryBytes]), [[3500, 16875520]]);
  // +250000000 ns / 1e9 = 25 %
  assert.deepEqual(second.processes[0]?.engines, { panthor: 25 });
  assert.equal(second.processes[0]?.gpuMemoryBytes, 16875520);
  assert.equal(second.devices[0]?.utilizationPercent, 25);
});

Deno.test("v3d Raspberry Pi 4: vc4 display card skipped; bin/render/tfu/csd/cache_clean", async () => {
  const [first, second] = await twoReadings("v3d-rpi4");
  assert.deepEqual(first.devices.map((d) => d.localId), ["fec00000.v3d"]);
  const device = first.devices[0]!;
  assert.equal(device.vendor, "broadcom");
  assert.equal(device.name, "Broadcom VideoCore brcm,2711-v3d");
  // No devfreq, only a cpu-thermal zone: unknown, not 0.
  assert.equal(device.graphicsClockMHz, null);
  assert.equal(device.temperatureCelsius, null);
  // v3d prints no memory keys: unknown.
  assert.deepEqual(first.processes.map((p) => [p.pid, p.gpuMemoryBytes, p.memoryByRegion]), [
    [1140, null, null],
  ]);
  // bin +10000000 → 1 %; render +200000000 → 20 %; tfu +0 → copy 0 %;
  // csd +650000000 → compute 65 %; cache_clean +90000000 → 9 %  (each ÷ 1e9 ns)
  assert.deepEqual(second.processes[0]?.engines, {
    bin: 1,
    render: 20,
    copy: 0,
    compute: 65,
    cache_clean: 9,
  });
  assert.equal(second.devices[0]?.utilizationPercent, 65);
});

Deno.test("msm SC7180: card on the display processor, Adreno by driver, GPU zones", async () => {
  const [first, second] = await twoReadings("msm-sc7180");
  const device = first.devices[0]!;
  assert.equal(device.localId, "ae01000.display-controller");
  // The platform driver is msm_dpu; the DRM driver (and fdinfo's drm-driver) is msm.
  assert.deepEqual([device.vendor, device.driver], ["qualcomm", "msm"]);
  // gpuss0-thermal 44100, gpuss1-thermal 44900 m°C: both listed, the hotter one leads.
  assert.deepEqual(device.temperaturesCelsius, { "gpuss0-thermal": 44.1, "gpuss1-thermal": 44.9 });
  assert.equal(device.temperatureCelsius, 44.9);
  assert.equal(device.graphicsClockMHz, null); // devfreq sits on the GPU component, not here
  // gpu +300000000 ns / 1e9 = 30 %
  assert.deepEqual(second.processes[0]?.engines, { gpu: 30 });
  assert.equal(second.processes[0]?.deviceLocalId, "ae01000.display-controller");
});

Deno.test("an unknown driver with memory and engine counters is reported by raw names, capacity honoured", async () => {
  // The panthor scenario with its driver renamed "futuregpu" (sysfs link and drm-driver) and
  // `drm-engine-capacity-panthor: 2` added to both samples.
  const [, second] = await twoReadings("panthor-rk3588", (dir) => {
    const device = join(dir, "sys/devices/platform/fb000000.gpu");
    Deno.removeSync(join(device, "driver"));
    Deno.symlinkSync("../../../bus/platform/drivers/futuregpu", join(device, "driver"));
    for (const tree of ["first", "later"]) {
      const path = join(dir, tree, "3500/fdinfo/6");
      const text = Deno.readTextFileSync(path).replace(
        "drm-driver:     panthor",
        "drm-driver: futuregpu",
      );
      Deno.writeTextFileSync(path, `${text}drm-engine-capacity-panthor:\t2\n`);
    }
  });
  const device = second.devices[0]!;
  assert.deepEqual([device.vendor, device.driver], ["other", "futuregpu"]);
  assert.equal(device.name, "rockchip,rk3588-mali"); // no family label for an unknown driver
  // +250000000 ns / 1e9 / capacity 2 = 12.5 %
  assert.deepEqual(second.processes[0]?.engines, { panthor: 12.5 });
  assert.equal(second.processes[0]?.gpuMemoryBytes, 16875520);
});

Deno.test("devfreq load (vendor kernels) is the device utilisation when present", async () => {
  const [first] = await twoReadings("panfrost-rk3399", (dir) => {
    const devfreq = join(dir, "sys/devices/platform/ff9a0000.gpu/devfreq/ff9a0000.gpu");
    Deno.writeTextFileSync(join(devfreq, "load"), "37@800000000Hz\n");
  });
  assert.equal(first.devices[0]?.utilizationPercent, 37);
  assert.equal(first.devices[0]?.utilizationSource, "device");
});
