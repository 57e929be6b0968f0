/**
 * A recording of `gputop record` as a snapshot source that never ends (`serve --replay`):
 * each recorded reading in turn at the recorded pace, from the first again after the last
 * (one usual gap after it), so a dashboard or a demo sees the recording loop. Which reading
 * is current follows the clock, not how often it is asked, so a sampler polling at `tickMs`
 * hands out every reading in turn.
 */
import type { Snapshot } from "../model/types.ts";
import { recordedIntervalMs } from "./recording.ts";
import type { SnapshotSource } from "./sampler.ts";

export class LoopingReplay implements SnapshotSource {
  readonly #snapshots: readonly Snapshot[];
  /** Each reading's time after the first, ms (never going back). */
  readonly #offsetsMs: number[];
  readonly #periodMs: number;
  readonly #startMs: number;
  readonly #nowMs: () => number;
  /** How often to poll so that no reading is missed: half the shortest gap, 10 ms to 1 s. */
  readonly tickMs: number;

  constructor(snapshots: readonly Snapshot[], nowMs: () => number = () => performance.now()) {
    if (snapshots.length === 0) throw new Error("a replay needs at least one reading");
    this.#snapshots = snapshots;
    const first = Date.parse(snapshots[0]!.timestamp);
    let last = 0;
    // A reading stamped before the one before it (a clock step) is due with that one.
    this.#offsetsMs = snapshots.map((
      s,
    ) => (last = Math.max(last, Date.parse(s.timestamp) - first)));
    const usualGapMs = recordedIntervalMs(snapshots);
    this.#periodMs = last + usualGapMs;
    const gaps = this.#offsetsMs.slice(1).map((at, i) => at - this.#offsetsMs[i]!).filter((g) =>
      g > 0
    );
    this.tickMs = Math.min(1000, Math.max(10, Math.floor(Math.min(usualGapMs, ...gaps) / 2)));
    this.#nowMs = nowMs;
    this.#startMs = nowMs();
  }

  /** Position of the reading due now (0-based). */
  get position(): number {
    const elapsed = (this.#nowMs() - this.#startMs) % this.#periodMs;
    let at = 0;
    while (at + 1 < this.#offsetsMs.length && this.#offsetsMs[at + 1]! <= elapsed) at++;
    return at;
  }

  sample(): Promise<Snapshot> {
    return Promise.resolve(this.#snapshots[this.position]!);
  }

  close(): void {}
}
