import assert from "node:assert/strict";
import { join } from "node:path";
import {
  openHwmon,
  primaryTemperature,
  readEnergyMicrojoules,
  readFanPercent,
  readTemperatures,
  readWatts,
} from "../../../src/linux/sysfs/hwmon.ts";
import { pciDir, sysRootOf } from "./fixture_tree.ts";

// The hwmon values of every scenario are invented (README-sys.md): these tests check the
// unit conversions and label matching.
const VEGA = pciDir(sysRootOf("amdgpu-discrete"), "0000:03:00.0");
const XE = pciDir(sysRootOf("xe-discrete"), "0000:03:00.0");
const APU = pciDir(sysRootOf("amdgpu-apu"), "0000:04:00.0");

function scratchHwmon(files: Record<string, Record<string, string>>): string {
  const device = Deno.makeTempDirSync();
  for (const [dir, entries] of Object.entries(files)) {
    Deno.mkdirSync(join(device, "hwmon", dir), { recursive: true });
    for (const [name, value] of Object.entries(entries)) {
      Deno.writeTextFileSync(join(device, "hwmon", dir, name), `${value}\n`);
    }
  }
  return device;
}

Deno.test("Vega: temperatures by label, m°C → °C; edge is the headline", () => {
  const hwmon = openHwmon(VEGA, "amdgpu")!;
  assert.deepEqual(hwmon.path, join(VEGA, "hwmon", "hwmon0"));
  // temp1 34000 edge, temp2 36000 junction, temp3 38000 mem
  const temps = readTemperatures(hwmon);
  assert.deepEqual(temps, { edge: 34, junction: 36, mem: 38 });
  assert.deepEqual(primaryTemperature(temps), 34);
});

Deno.test("Vega: power µW → W, cap, fan from pwm1", () => {
  const hwmon = openHwmon(VEGA, "amdgpu")!;
  assert.deepEqual(readWatts(hwmon, "power1_average"), 33); // 33000000 µW
  assert.deepEqual(readWatts(hwmon, "power1_cap"), 220); // 220000000 µW
  assert.deepEqual(readWatts(hwmon, "power1_input"), null); // not present on this board
  // pwm1 76: 76 / 255 × 100 = 29.80 → 29.8
  assert.deepEqual(readFanPercent(hwmon), 29.8);
  assert.deepEqual(readEnergyMicrojoules(hwmon), null); // amdgpu has no energy file
});

Deno.test("APU: no fan files → fan null; power only as power1_input", () => {
  const hwmon = openHwmon(APU, "amdgpu")!;
  assert.deepEqual(readFanPercent(hwmon), null);
  assert.deepEqual(readWatts(hwmon, "power1_average"), null);
  assert.deepEqual(readWatts(hwmon, "power1_input"), 9); // 9000000 µW
  assert.deepEqual(readTemperatures(hwmon), { edge: 45 });
});

Deno.test("xe: pkg/vram labels, energy from the card channel as bigint, PL1", () => {
  const hwmon = openHwmon(XE, "xe")!;
  const temps = readTemperatures(hwmon);
  // temp2 48000 pkg, temp3 52000 vram; no edge → the lowest channel
  assert.deepEqual(temps, { pkg: 48, vram: 52 });
  assert.deepEqual(primaryTemperature(temps), 48);
  // energy1 (label card) 4638412345 µJ; energy2 (pkg) is not the card's
  assert.deepEqual(readEnergyMicrojoules(hwmon), 4638412345n);
  assert.deepEqual(readWatts(hwmon, "power1_max"), 190); // 190000000 µW
});

Deno.test("fan from RPM when there is no pwm1: fan1_input / fan1_max", () => {
  const device = scratchHwmon({ hwmon0: { name: "amdgpu", fan1_input: "1050", fan1_max: "3850" } });
  try {
    // 1050 / 3850 × 100 = 27.27 → 27.3
    assert.deepEqual(readFanPercent(openHwmon(device, "amdgpu")!), 27.3);
  } finally {
    Deno.removeSync(device, { recursive: true });
  }
});

Deno.test("energy: the channel labelled card wins over a lower one; unlabeled → lowest", () => {
  const device = scratchHwmon({
    hwmon0: {
      name: "xe",
      energy1_input: "111",
      energy1_label: "pkg",
      energy2_input: "18446744073709551615",
      energy2_label: "card",
    },
    hwmon1: { name: "other", energy3_input: "7", energy5_input: "9" },
  });
  try {
    // 2^64 − 1 is kept exactly: bigint, not a float
    assert.deepEqual(readEnergyMicrojoules(openHwmon(device, "xe")!), 18446744073709551615n);
    assert.deepEqual(readEnergyMicrojoules(openHwmon(device, "other")!), 7n);
  } finally {
    Deno.removeSync(device, { recursive: true });
  }
});

Deno.test("openHwmon: the directory named after the driver, else the first; none → null", () => {
  const device = scratchHwmon({
    hwmon2: { name: "i915_gt0", temp1_input: "1000" },
    hwmon5: { name: "i915", temp1_input: "2000" },
  });
  try {
    assert.deepEqual(openHwmon(device, "i915")?.path, join(device, "hwmon", "hwmon5"));
    assert.deepEqual(openHwmon(device, "xe")?.path, join(device, "hwmon", "hwmon2"));
    assert.deepEqual(openHwmon(join(device, "nowhere"), "i915"), null);
  } finally {
    Deno.removeSync(device, { recursive: true });
  }
});

Deno.test("unlabeled temperature channels are keyed tempN; garbage values are skipped", () => {
  const device = scratchHwmon({
    hwmon0: { name: "nouveau", temp1_input: "41000", temp2_input: "n/a", power1_cap: "-1" },
  });
  try {
    const hwmon = openHwmon(device, "nouveau")!;
    assert.deepEqual(readTemperatures(hwmon), { temp1: 41 });
    assert.deepEqual(readWatts(hwmon, "power1_cap"), null);
    assert.deepEqual(primaryTemperature(null), null);
  } finally {
    Deno.removeSync(device, { recursive: true });
  }
});
