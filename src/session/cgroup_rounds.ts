/**
 * When a long-running session's enrichment reads each known process's `cgroup` again: a
 * process is rarely moved out of its container's cgroup, so not every sample, but in rounds on
 * the rescan policy of the DRM scan's full walks (`../linux/rescan_schedule.ts`): at most once
 * per rescan interval, put off while rounds are costly (hundreds of processes), never beyond
 * 10× the interval. A round re-reads every known process; its cost is the time spent in those
 * reads alone. A process read in full (new, or a reused pid) has a fresh cgroup anyway, so
 * what a round catches (a known process moved to another cgroup) is rarer than what a full
 * walk catches (a known process opening the GPU): rounds wait CGROUP_COST_MULTIPLE × their
 * duration, at most 1/2000 (0.05 %) of a core, where walks wait 400×.
 */
import { readPidFileTextOrNull } from "../linux/read_file.ts";
import { RescanSchedule } from "../linux/rescan_schedule.ts";

/** A costly round waits this many times its own duration (500 processes, ~5 ms: ~10 s). */
export const CGROUP_COST_MULTIPLE = 2000;

export class CgroupRounds {
  readonly #procRoot: string;
  readonly #nowMs: () => number;
  readonly #schedule: RescanSchedule | null;
  #round = false;
  #startMs = 0;
  #costMs = 0;

  /** `intervalMs` null: one-shot, where every read is in full and no round is needed. */
  constructor(procRoot: string, intervalMs: number | null, nowMs: () => number) {
    this.#procRoot = procRoot;
    this.#nowMs = nowMs;
    this.#schedule = intervalMs === null
      ? null
      : new RescanSchedule(intervalMs, CGROUP_COST_MULTIPLE);
  }

  /** Starts a sample: it is a round when one is due. */
  begin(): void {
    const now = this.#nowMs();
    this.#round = this.#schedule?.due(now) ?? false;
    this.#startMs = now;
    this.#costMs = 0;
  }

  /**
   * The `cgroup` text of a known process when this sample is a round (null: unreadable);
   * undefined when it is not (keep what is known).
   */
  read(pid: number): string | null | undefined {
    if (!this.#round) return undefined;
    const start = this.#nowMs();
    const text = readPidFileTextOrNull(`${this.#procRoot}/${pid}/cgroup`);
    this.#costMs += this.#nowMs() - start;
    return text;
  }

  /** Ends a sample; a round's reads set when the next is due. */
  end(): void {
    if (this.#round) this.#schedule?.ran(this.#startMs, this.#startMs + this.#costMs);
    this.#round = false;
  }
}
