/**
 * When a long-running session's next costly round is due: the DRM scan's full walk of every
 * `/proc/<pid>/fd` (`fdinfo/drm_process_sampler.ts`) and the enrichment's re-read of each
 * process's `cgroup` (`session/enrich_processes.ts`). Both catch rare changes (a DRM fd newly
 * opened by a known process, a process moved to another cgroup) that nothing cheaper shows, so
 * they bound how late such a change shows up.
 *
 * A round runs at most once per rescan interval (`--rescan-interval`, default 2 s). Where a
 * round is costly (hundreds of processes, thousands of fds), it is put off further, so that
 * rounds cost at most 1/COST_MULTIPLE of one core: the next is due COST_MULTIPLE × the last
 * round's duration after it started, and never later than MAX_STRETCH × the interval. So a
 * change shows within the interval where rounds are cheap (a desktop: a full walk takes a few
 * ms), and within MAX_STRETCH × the interval in every case. The first round of a session is not
 * used to stretch: its code is not optimised yet, and it runs at start, when the user watches.
 * Durations are wall time on the session's monotonic clock (a walk is synchronous: wall time is
 * at least its CPU time; on a busy machine it is more, and rounds are put off further).
 */

/** A round waits this many times its own last duration: at most 1/400 (0.25 %) of a core. */
export const COST_MULTIPLE = 400;
/** A round is never put off beyond this many rescan intervals. */
export const MAX_STRETCH = 10;

export class RescanSchedule {
  readonly #intervalMs: number;
  readonly #costMultiple: number;
  #lastStartMs: number | null = null;
  #waitMs: number;
  #rounds = 0;

  /** `costMultiple`: how many times its last duration a round waits (a rarer change: more). */
  constructor(intervalMs: number, costMultiple: number = COST_MULTIPLE) {
    this.#intervalMs = intervalMs;
    this.#costMultiple = costMultiple;
    this.#waitMs = intervalMs;
  }

  /** How long after the last round's start the next is due, in ms (tests, the bench). */
  get waitMs(): number {
    return this.#waitMs;
  }

  /** Whether a round is due at `nowMs` (always before the first; also when the clock went back). */
  due(nowMs: number): boolean {
    const last = this.#lastStartMs;
    return last === null || nowMs < last || nowMs - last >= this.#waitMs;
  }

  /** Records a round that ran from `startMs` to `endMs`; sets when the next is due. */
  ran(startMs: number, endMs: number): void {
    this.#lastStartMs = startMs;
    this.#rounds++;
    if (this.#rounds === 1) return;
    const costMs = Math.max(0, endMs - startMs);
    this.#waitMs = Math.min(
      MAX_STRETCH * this.#intervalMs,
      Math.max(this.#intervalMs, this.#costMultiple * costMs),
    );
  }
}
