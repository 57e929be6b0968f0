/**
 * CPU % per process between two samples of one session: each sample records a process's
 * CPU ticks (`stat`'s utime + stime) with the monotonic time it read them; the next sample's
 * ticks for the same process instance (same pid, same start time) give the rate. A process
 * first seen, or a one-shot reading without a sample window, has no rate: null, never 0.
 */
import { cpuPercentBetween } from "../linux/process_times.ts";
import type { StatFields } from "../linux/process_info.ts";

interface TicksAt {
  startTime: string;
  ticks: number;
  atMs: number;
  /** The sample that recorded it. */
  sample: number;
}

export class CpuTimes {
  /**
   * The last reading of each process, updated in place: no map or object per sample (a map a
   * sample, held into the next, was young memory surviving each scavenge of a long run).
   */
  readonly #readings = new Map<number, TicksAt>();
  #sample = 0;

  /** The process's CPU % since the previous sample; records this reading for the next. */
  percentFor(pid: number, stat: StatFields | null, nowMs: number): number | null {
    if (stat === null || stat.cpuTicks === null) return null;
    const entry = this.#readings.get(pid);
    let percent: number | null = null;
    // Only a reading of the sample just before counts, and only of the same process.
    if (
      entry !== undefined && entry.sample === this.#sample - 1 &&
      entry.startTime === stat.startTime
    ) percent = cpuPercentBetween(entry.ticks, stat.cpuTicks, nowMs - entry.atMs);
    if (entry === undefined) {
      this.#readings.set(pid, {
        startTime: stat.startTime,
        ticks: stat.cpuTicks,
        atMs: nowMs,
        sample: this.#sample,
      });
    } else {
      // An equal start time keeps the old string: the new one dies young.
      if (entry.startTime !== stat.startTime) entry.startTime = stat.startTime;
      entry.ticks = stat.cpuTicks;
      entry.atMs = nowMs;
      entry.sample = this.#sample;
    }
    return percent;
  }

  /** Ends a sample: its readings become the base of the next; pids not seen are forgotten. */
  endSample(): void {
    const sample = this.#sample++;
    // forEach, not `for…of` over entries: no [pid, reading] array per process.
    this.#readings.forEach((entry, pid, readings) => {
      if (entry.sample !== sample) readings.delete(pid);
    });
  }
}
