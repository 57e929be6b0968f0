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
}

export class CpuTimes {
  #previous = new Map<number, TicksAt>();
  #current = new Map<number, TicksAt>();

  /** The process's CPU % since the previous sample; records this reading for the next. */
  percentFor(pid: number, stat: StatFields | null, nowMs: number): number | null {
    if (stat === null || stat.cpuTicks === null) return null;
    this.#current.set(pid, { startTime: stat.startTime, ticks: stat.cpuTicks, atMs: nowMs });
    const before = this.#previous.get(pid);
    if (before === undefined || before.startTime !== stat.startTime) return null;
    return cpuPercentBetween(before.ticks, stat.cpuTicks, nowMs - before.atMs);
  }

  /** Ends a sample: its readings become the base of the next; pids not seen are forgotten. */
  endSample(): void {
    this.#previous = this.#current;
    this.#current = new Map();
  }
}
