/**
 * Busy percent of one DRM client's engines from two readings of its fdinfo counters.
 *
 * - Cycles (xe; any driver printing `drm-total-cycles-<c>`): Δdrm-cycles / Δdrm-total-cycles,
 *   both in the GPU clock domain, so the wall clock does not enter.
 * - Nanoseconds (i915, amdgpu, …): Δdrm-engine-<c> ns / Δwall ns.
 *
 * Both are divided by `drm-engine-capacity-<c>` (default 1): the counters sum over every
 * engine of the class, so a class of four engines can count four times the wall time. This
 * is what igt gputop does (reference §4.7); nvtop does not and shows more than 100 %.
 * Results are clamped to 0–100 (amdgpu sums over rings and can pass wall time anyway).
 *
 * A counter that went backwards, or a timestamp that did not advance, gives no value for
 * that class this time (the caller then stores the new reading, so it starts over).
 *
 * Counters are doubles (`fdinfo_numbers.ts`: exact to 2^53, within 2^-53 of the value above);
 * the difference of two readings is what counts, and its error (≤ 4 µs at 2^64 ns) is far below
 * one interval's 10^8–10^10 ns.
 */
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

export type EngineCounters = Pick<
  ParsedFdinfo,
  "engineBusyNs" | "engineCapacity" | "engineCycles" | "engineTotalCycles"
>;

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/**
 * Raw engine class → busy percent for the classes that can be computed. An ns counter
 * missing from `previous` counts as 0 there: amdgpu prints an engine line only once its
 * counter is non-zero, and the caller passes `previous` only for a client it saw last time.
 * Cycle counters (always printed in pairs) need both readings. Classes in the order of
 * `drm-engine-*`, then the cycle-only ones.
 */
export function engineRates(
  previous: EngineCounters,
  current: EngineCounters,
  elapsedMs: number,
): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const name in current.engineBusyNs) {
    const rate = engineRateOf(previous, current, name, elapsedMs);
    if (rate !== null) rates[name] = rate;
  }
  for (const name in current.engineTotalCycles) {
    if (Object.hasOwn(current.engineBusyNs, name)) continue;
    const rate = engineRateOf(previous, current, name, elapsedMs);
    if (rate !== null) rates[name] = rate;
  }
  return rates;
}

/**
 * One class's busy percent (see `engineRates`), or null when it cannot be computed. No object
 * is made: the sampler calls this per client and class on every sample.
 */
export function engineRateOf(
  previous: EngineCounters,
  current: EngineCounters,
  name: string,
  elapsedMs: number,
): number | null {
  const cycles = current.engineCycles[name];
  const totalCycles = current.engineTotalCycles[name];
  let fraction: number | null = null;
  if (cycles !== undefined && totalCycles !== undefined) {
    const lastCycles = previous.engineCycles[name];
    const lastTotal = previous.engineTotalCycles[name];
    if (lastCycles !== undefined && lastTotal !== undefined) {
      const busy = cycles - lastCycles;
      const total = totalCycles - lastTotal;
      if (busy >= 0 && total > 0) fraction = busy / total;
    }
  } else {
    const busyNs = current.engineBusyNs[name];
    if (busyNs !== undefined && elapsedMs > 0) {
      const busy = busyNs - (previous.engineBusyNs[name] ?? 0);
      if (busy >= 0) fraction = busy / (elapsedMs * 1e6);
    }
  }
  if (fraction === null) return null;
  return clampPercent((fraction * 100) / (current.engineCapacity[name] ?? 1));
}
