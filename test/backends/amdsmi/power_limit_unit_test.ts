import assert from "node:assert/strict";
import { parseLibVersion } from "../../../src/backends/amdsmi/generation.ts";
import { powerLimitUnit, powerLimitWatts } from "../../../src/backends/amdsmi/power_limit_unit.ts";

const version = (text: string) => parseLibVersion(text);

Deno.test("power_limit is W up to library 24.5.1 (ROCm 6.1.1), µW from 24.5.2 (6.1.2) on", () => {
  // The version each ROCm release's amdsmi_get_lib_version reports (amdsmi.h, per tag).
  const units = {
    "23.4.0.0": "W", // 6.0.0, 6.0.2
    "24.4.0": "W",
    "24.5.0.0": "W", // 6.1.0
    "24.5.1.0": "W", // 6.1.1
    "24.5.2.0": "µW", // 6.1.2
    "24.6.3.0": "µW", // 6.2.x
    "24.7.1.60300": "µW", // 6.3
    "25.0.0": "µW", // 6.4
    "26.1.0": "µW", // 7.x
  };
  for (const [text, unit] of Object.entries(units)) {
    assert.equal(powerLimitUnit(24, version(text)), unit, text);
    assert.equal(powerLimitUnit(null, version(text)), unit, `${text}, no soname`);
  }
});

Deno.test("power_limit without a version: by soname, by size where the soname spans both", () => {
  assert.equal(powerLimitUnit(23, null), "W");
  assert.equal(powerLimitUnit(25, null), "µW");
  assert.equal(powerLimitUnit(26, null), "µW");
  assert.equal(powerLimitUnit(24, null), "by size");
  assert.equal(powerLimitUnit(null, null), "by size");
});

Deno.test("powerLimitWatts: W kept, µW divided, by size judged; sentinels and 0 are null", () => {
  assert.equal(powerLimitWatts(327, "W"), 327);
  assert.equal(powerLimitWatts(327000000, "µW"), 327);
  assert.equal(powerLimitWatts(750, "by size"), 750);
  assert.equal(powerLimitWatts(750000000, "by size"), 750);
  assert.equal(powerLimitWatts(0, "µW"), null);
  assert.equal(powerLimitWatts(0xffff, "W"), null); // 6.x's "not read" value
  assert.equal(powerLimitWatts(0xffffffff, "µW"), null);
});
