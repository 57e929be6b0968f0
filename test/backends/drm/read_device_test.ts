import assert from "node:assert/strict";
import { join } from "node:path";
import { readDrmDevice } from "../../../src/backends/drm/read_device.ts";
import { listDrmCards } from "../../../src/linux/sysfs/drm_cards.ts";
import { pciDir, type Scenario, scratchSys, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";

function only(scenario: Scenario) {
  const cards = listDrmCards(sysRootOf(scenario));
  assert.equal(cards.length, 1);
  return readDrmDevice(cards[0]!);
}

Deno.test("amdgpu discrete (Vega capture + invented hwmon)", () => {
  const sample = only("amdgpu-discrete");
  assert.equal(sample.integrated, false);
  assert.equal(sample.energyMicrojoules, null);
  assert.deepEqual(sample.reading, {
    localId: "0000:03:00.0",
    vendor: "amd",
    deviceClass: "gpu",
    name: "AMD Vega 10 XL/XT [Radeon RX Vega 56/64]", // product_name empty → pci.ids
    pciBusId: "0000:03:00.0",
    driver: "amdgpu",
    runtimeStatus: "active",
    memoryShared: false, // no in1 (vddnb) in hwmon: not an APU
    // The captured link: 8.0 GT/s PCIe x16, current and max; no ras/ directory.
    pcieGeneration: 3,
    pcieWidth: 16,
    pcieGenerationMax: 3,
    pcieWidthMax: 16,
    eccEnabled: null,
    eccErrors: null,
    retiredPages: null,
    retirementPending: null,
    retirementFailed: null,
    // discrete: memory = VRAM; free = 8573157376 − 1490378752 = 7082778624
    memoryTotalBytes: 8573157376,
    memoryUsedBytes: 1490378752,
    memoryFreeBytes: 7082778624,
    gttTotalBytes: 8573157376,
    gttUsedBytes: 144560128,
    utilizationPercent: 4,
    memoryUtilizationPercent: null,
    graphicsClockMHz: 852,
    graphicsClockMaxMHz: 1630,
    memoryClockMHz: 167,
    memoryClockMaxMHz: 945,
    temperaturesCelsius: { edge: 34, junction: 36, mem: 38 },
    temperatureCelsius: 34,
    powerWatts: 33, // power1_average 33000000 µW
    powerLimitWatts: 220, // power1_cap 220000000 µW
    fanPercent: 29.8, // pwm1 76 / 255
    energyJoules: null,
  });
});

Deno.test("amdgpu APU: integrated, memory = VRAM carve-out + GTT", () => {
  const { reading, integrated } = only("amdgpu-apu");
  assert.equal(integrated, true); // hwmon3 lists in1_input / in1_label (vddnb)
  assert.equal(reading.memoryShared, true);
  // 536870912 + 16106127360 = 16642998272; 197132288 + 1073741824 = 1270874112
  assert.equal(reading.memoryTotalBytes, 16642998272);
  assert.equal(reading.memoryUsedBytes, 1270874112);
  assert.equal(reading.memoryFreeBytes, 16642998272 - 1270874112); // 15372124160
  assert.equal(reading.gttTotalBytes, 16106127360);
  assert.equal(reading.gttUsedBytes, 1073741824);
  // tuxedo pp_dpm_sclk: "1: 400Mhz *", top "2: 1900Mhz"
  assert.equal(reading.graphicsClockMHz, 400);
  assert.equal(reading.graphicsClockMaxMHz, 1900);
  assert.equal(reading.memoryClockMHz, null); // no pp_dpm_mclk in this tree
  assert.equal(reading.powerWatts, 9); // only power1_input 9000000 µW
  assert.equal(reading.powerLimitWatts, null);
  assert.equal(reading.fanPercent, null);
  assert.equal(reading.name, "AMD Rembrandt [Radeon 680M]");
});

Deno.test("i915 integrated: shared memory, GT clocks, no hwmon", () => {
  const { reading, integrated, energyMicrojoules } = only("i915-integrated");
  assert.equal(integrated, true); // 0000:00:02.0
  assert.equal(reading.memoryShared, true);
  assert.equal(reading.name, "Intel Kaby Lake-R GT2 [UHD Graphics 620]");
  assert.equal(reading.vendor, "intel");
  assert.equal(reading.graphicsClockMHz, 350); // gt_act_freq_mhz
  assert.equal(reading.graphicsClockMaxMHz, 1100); // gt_max_freq_mhz
  assert.equal(reading.memoryTotalBytes ?? null, null); // no sysfs source for i915 memory
  assert.equal(reading.temperatureCelsius ?? null, null);
  assert.equal(energyMicrojoules, null);
});

Deno.test("xe discrete: VRAM size, gt0 clocks, energy counter, PL1, no VRAM used", () => {
  const { reading, integrated, energyMicrojoules } = only("xe-discrete");
  assert.equal(integrated, false);
  assert.equal(reading.memoryShared, false);
  assert.equal(reading.memoryTotalBytes, 12884901888);
  assert.equal(reading.memoryUsedBytes ?? null, null); // Intel: no sysfs VRAM used
  assert.equal(reading.graphicsClockMHz, 2350);
  assert.equal(reading.graphicsClockMaxMHz, 2850);
  assert.equal(energyMicrojoules, 4638412345n);
  assert.equal(reading.energyJoules, 4638.412345); // 4638412345 µJ / 1e6
  assert.equal(reading.powerWatts, null); // no power file: watts need two samples
  assert.equal(reading.powerLimitWatts, 190);
  assert.deepEqual(reading.temperaturesCelsius, { pkg: 48, vram: 52 });
  assert.equal(reading.temperatureCelsius, 48);
});

Deno.test("suspended amdgpu: no waking file is read, though every one holds a value", () => {
  const { reading, energyMicrojoules } = only("suspended-gpu");
  assert.equal(reading.runtimeStatus, "suspended");
  // identity from non-waking files
  assert.equal(reading.name, "AMD Vega 10 XL/XT [Radeon RX Vega 56/64]");
  assert.equal(reading.driver, "amdgpu");
  // mem_info_* is VRAM-manager state (amdgpu_vram_mgr.c, no runtime-PM call): still read
  assert.equal(reading.memoryTotalBytes, 8573157376);
  assert.equal(reading.memoryUsedBytes, 1490378752);
  // The same tree awake gives all of these (see the amdgpu discrete test); here: not read.
  const dir = pciDir(sysRootOf("suspended-gpu"), "0000:03:00.0");
  assert.equal(Deno.readTextFileSync(join(dir, "gpu_busy_percent")), "4\n");
  assert.equal(Deno.readTextFileSync(join(dir, "hwmon/hwmon0/temp1_input")), "34000\n");
  for (
    const field of [
      "utilizationPercent",
      "memoryUtilizationPercent",
      "graphicsClockMHz",
      "graphicsClockMaxMHz",
      "memoryClockMHz",
      "temperatureCelsius",
      "temperaturesCelsius",
      "powerWatts",
      "powerLimitWatts",
      "fanPercent",
      "energyJoules",
    ] as const
  ) {
    assert.equal(reading[field] ?? null, null, field);
    // not even attempted: a read that failed would have left the key with null
    assert.equal(field in reading, false, field);
  }
  assert.equal(energyMicrojoules, null);
});

Deno.test("suspended xe: VRAM size yes, freq and hwmon no", () => {
  const scratch = scratchSys("xe-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.writeTextFileSync(join(dir, "power", "runtime_status"), "suspended\n");
    const [card] = listDrmCards(scratch.root);
    const { reading, energyMicrojoules } = readDrmDevice(card!);
    assert.equal(reading.memoryTotalBytes, 12884901888);
    assert.equal(reading.graphicsClockMHz ?? null, null); // act_freq takes a PM reference
    assert.equal(reading.temperatureCelsius ?? null, null);
    assert.equal(energyMicrojoules, null);
  } finally {
    scratch.dispose();
  }
});
