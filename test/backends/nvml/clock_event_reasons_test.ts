import assert from "node:assert/strict";
import {
  CLOCK_REASON_BITS,
  clockEventReasonsOf,
} from "../../../src/backends/nvml/clock_event_reasons.ts";

Deno.test("NVML clock reasons: each named bit maps to the issue's word", () => {
  const expected: Record<keyof typeof CLOCK_REASON_BITS, string> = {
    GpuIdle: "idle",
    ApplicationsClocksSetting: "application-setting",
    SwPowerCap: "power-cap",
    HwSlowdown: "hardware-slowdown",
    SyncBoost: "sync-boost",
    SwThermalSlowdown: "thermal",
    HwThermalSlowdown: "thermal",
    HwPowerBrakeSlowdown: "power-brake",
    DisplayClockSetting: "display",
  };
  for (const [name, bit] of Object.entries(CLOCK_REASON_BITS)) {
    assert.deepEqual(clockEventReasonsOf(bit), [expected[name as keyof typeof expected]], name);
  }
});

Deno.test("NVML clock reasons: 0 is known and empty; both thermal bits say thermal once", () => {
  assert.deepEqual(clockEventReasonsOf(0n), []);
  assert.deepEqual(clockEventReasonsOf(0x20n | 0x40n), ["thermal"]);
});

Deno.test("NVML clock reasons: any unnamed bit is other, once", () => {
  assert.deepEqual(clockEventReasonsOf(0x200n | 0x1000n), ["other"]);
  assert.deepEqual(clockEventReasonsOf(0x4n | 0x8000_0000_0000n), ["power-cap", "other"]);
});
