/**
 * Level Zero's `zes_freq_throttle_reason_flag_t` bits in the shared clock-event vocabulary, so
 * that a word means the same on every vendor. Any bit not named here is `other`.
 */
import type { ClockEventReason } from "../../model/health_vocabulary.ts";
import { ThrottleReason } from "./types.ts";

const WORDS: ReadonlyArray<[number, ClockEventReason]> = [
  [ThrottleReason.AVE_PWR_CAP, "power-cap"],
  [ThrottleReason.BURST_PWR_CAP, "power-cap"],
  [ThrottleReason.CURRENT_LIMIT, "current-limit"],
  [ThrottleReason.THERMAL_LIMIT, "thermal"],
  [ThrottleReason.PSU_ALERT, "power-brake"],
  [ThrottleReason.SW_RANGE, "application-setting"],
  // The hardware's own frequency range: no word says more than that.
  [ThrottleReason.HW_RANGE, "other"],
];

const NAMED_BITS = WORDS.reduce((bits, [bit]) => bits | bit, 0);

/** The words for a set of flags, each once, in vocabulary order; no bit → []. */
export function clockEventReasonsOf(flags: number): ClockEventReason[] {
  const words = new Set<ClockEventReason>();
  for (const [bit, word] of WORDS) if ((flags & bit) !== 0) words.add(word);
  if ((flags & ~NAMED_BITS) !== 0) words.add("other");
  return [...words];
}
