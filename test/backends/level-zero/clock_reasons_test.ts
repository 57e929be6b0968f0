import assert from "node:assert/strict";
import { clockEventReasonsOf } from "../../../src/backends/level-zero/clock_reasons.ts";
import { ThrottleReason } from "../../../src/backends/level-zero/types.ts";

Deno.test("level-zero throttle reasons: each bit in the shared vocabulary", () => {
  const cases: Array<[number, string[]]> = [
    [0, []],
    [ThrottleReason.AVE_PWR_CAP, ["power-cap"]],
    [ThrottleReason.BURST_PWR_CAP, ["power-cap"]],
    [ThrottleReason.AVE_PWR_CAP | ThrottleReason.BURST_PWR_CAP, ["power-cap"]],
    [ThrottleReason.CURRENT_LIMIT, ["current-limit"]],
    [ThrottleReason.THERMAL_LIMIT, ["thermal"]],
    [ThrottleReason.PSU_ALERT, ["power-brake"]],
    [ThrottleReason.SW_RANGE, ["application-setting"]],
    [ThrottleReason.HW_RANGE, ["other"]],
    [0x80, ["other"]],
    [ThrottleReason.HW_RANGE | 0x100, ["other"]],
    [ThrottleReason.THERMAL_LIMIT | 0x80000000, ["thermal", "other"]],
  ];
  for (const [flags, words] of cases) {
    assert.deepEqual(clockEventReasonsOf(flags), words, `flags 0x${flags.toString(16)}`);
  }
});
