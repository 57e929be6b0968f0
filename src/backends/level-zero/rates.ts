/**
 * Rates from two samples of a monotonic counter pair (Level Zero engine activity and
 * energy). The previous sample is kept per stable key (device identity + what is counted),
 * never per handle: handles die with the library in lazy mode, the device does not.
 */

/** The last sample of each counter, by key. */
export type CounterCursor = Map<string, { value: bigint; timestampUs: bigint }>;

/**
 * `Δvalue / Δtimestamp` against the previous sample under `key`, then remembers this one.
 * Null on the first sample, when time did not advance, or when either counter went
 * backwards (a reset).
 *
 * @example
 * ```ts
 * import { counterRate } from "./rates.ts";
 * const cursor = new Map();
 * counterRate(cursor, "gpu/render", 100n, 1_000n); // null: the first sample only primes
 * counterRate(cursor, "gpu/render", 350n, 2_000n); // 0.25
 * ```
 */
export function counterRate(
  cursor: CounterCursor,
  key: string,
  value: bigint,
  timestampUs: bigint,
): number | null {
  const previous = cursor.get(key);
  cursor.set(key, { value, timestampUs });
  if (previous === undefined) return null;
  const elapsed = timestampUs - previous.timestampUs;
  const delta = value - previous.value;
  if (elapsed <= 0n || delta < 0n) return null;
  return Number(delta) / Number(elapsed);
}

/** A busy fraction as a percent, clamped to 0–100 and rounded to 0.1. */
export function busyPercent(fraction: number | null): number | null {
  if (fraction === null || !Number.isFinite(fraction)) return null;
  return Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 10;
}
