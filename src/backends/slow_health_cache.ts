/**
 * Health values that change slowly (ECC mode, lifetime ECC counts, retired pages or remapped
 * rows, bad pages, the link's maximum) are read at most every SLOW_HEALTH_REFRESH_MS per
 * device, so a live mode sampling every second does not pay for them each time. One-shot
 * modes read once. Shared by the vendor-library backends (NVML, AMD SMI), each with its own
 * shape of slow values.
 */

/** How long a device's slow values are reused. */
export const SLOW_HEALTH_REFRESH_MS = 10_000;

/** The last read of each device's slow values, by the device's local id. */
export class SlowHealthCache<T> {
  readonly #nowMs: () => number;
  readonly #entries = new Map<string, { atMs: number; values: T }>();

  constructor(nowMs: () => number) {
    this.#nowMs = nowMs;
  }

  /**
   * The values read within the last SLOW_HEALTH_REFRESH_MS, else `read()`'s, kept only when
   * `keep` says the read was whole (a device lost part-way is asked again next sample).
   */
  get(key: string, read: () => T, keep: () => boolean): T {
    const now = this.#nowMs();
    const entry = this.#entries.get(key);
    if (entry !== undefined && now - entry.atMs < SLOW_HEALTH_REFRESH_MS) return entry.values;
    const values = read();
    if (keep()) this.#entries.set(key, { atMs: now, values });
    else this.#entries.delete(key);
    return values;
  }
}
