/**
 * NVML's clock event (formerly "throttle") reason bits, as `nvml.h` defines them
 * (`nvmlClocksThrottleReason*`, renamed `nvmlClocksEventReason*` in R535 with the same
 * values), mapped to the shared vocabulary (src/model/health_vocabulary.ts).
 */
import type { ClockEventReason } from "../../model/health_vocabulary.ts";

/** Each named bit (`nvmlClocksThrottleReason<Name>`); test/backends/nvml/layout_test.ts
 * checks them against the header. */
export const CLOCK_REASON_BITS = {
  GpuIdle: 0x1n,
  ApplicationsClocksSetting: 0x2n,
  SwPowerCap: 0x4n,
  HwSlowdown: 0x8n,
  SyncBoost: 0x10n,
  SwThermalSlowdown: 0x20n,
  HwThermalSlowdown: 0x40n,
  HwPowerBrakeSlowdown: 0x80n,
  DisplayClockSetting: 0x100n,
} as const;

/** Each bit's word; the two thermal bits share one. */
const WORDS: Record<keyof typeof CLOCK_REASON_BITS, ClockEventReason> = {
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

const NAMED = Object.entries(CLOCK_REASON_BITS) as [keyof typeof CLOCK_REASON_BITS, bigint][];
const KNOWN_MASK = NAMED.reduce((mask, [, bit]) => mask | bit, 0n);

/** The words for a reason mask, each once, in bit order; any unnamed bit adds "other". */
export function clockEventReasonsOf(mask: bigint): ClockEventReason[] {
  const words: ClockEventReason[] = [];
  for (const [name, bit] of NAMED) {
    if ((mask & bit) !== 0n && !words.includes(WORDS[name])) words.push(WORDS[name]);
  }
  if ((mask & ~KNOWN_MASK) !== 0n) words.push("other");
  return words;
}
