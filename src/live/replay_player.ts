/**
 * Plays a recording in the `top` screen: a snapshot source that moves on to the next
 * recorded reading when its time has come (at the recorded pace times the speed), stops at
 * the last, and can be paused, stepped and sped up. The sampler polls it every tick; each
 * move hands out another reading object, so the history takes each reading once.
 */
import type { Snapshot } from "../model/types.ts";
import type { SnapshotSource } from "../session/sampler.ts";

export const REPLAY_SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64] as const;
/** How often the screen polls the player: the fastest pace it can show is one reading a tick. */
export const REPLAY_TICK_MS = 50;

export interface ReplayStatus {
  /** 1-based position of the reading shown. */
  position: number;
  total: number;
  speed: number;
  playing: boolean;
  skipped: number;
}

export class ReplayPlayer implements SnapshotSource {
  readonly #snapshots: readonly Snapshot[];
  readonly #skipped: number;
  readonly #nowMs: () => number;
  #index = 0;
  #speedAt = REPLAY_SPEEDS.indexOf(1);
  #playing = true;
  /** When the reading shown began to show (wall clock). */
  #shownSinceMs: number;

  constructor(snapshots: readonly Snapshot[], skipped: number, nowMs: () => number = Date.now) {
    if (snapshots.length === 0) throw new Error("a replay needs at least one reading");
    this.#snapshots = snapshots;
    this.#skipped = skipped;
    this.#nowMs = nowMs;
    this.#shownSinceMs = nowMs();
  }

  /** The reading shown, after moving on one reading if its recorded gap has passed. */
  sample(): Promise<Snapshot> {
    if (this.#playing && this.#index + 1 < this.#snapshots.length) {
      const dueMs = this.#shownSinceMs + this.#gapMs(this.#index) / this.speed;
      // One reading a tick at most, so the history takes every one.
      if (this.#nowMs() >= dueMs) {
        this.#index++;
        this.#shownSinceMs = dueMs;
      }
    }
    if (this.#index + 1 >= this.#snapshots.length) this.#playing = false;
    return Promise.resolve(this.#snapshots[this.#index]!);
  }

  close(): void {}

  get speed(): number {
    return REPLAY_SPEEDS[this.#speedAt] ?? 1;
  }

  get current(): Snapshot {
    return this.#snapshots[this.#index]!;
  }

  status(): ReplayStatus {
    return {
      position: this.#index + 1,
      total: this.#snapshots.length,
      speed: this.speed,
      playing: this.#playing,
      skipped: this.#skipped,
    };
  }

  /** Space: pause, or play on (from the start again once at the end). */
  togglePlaying(): void {
    if (!this.#playing && this.#index + 1 >= this.#snapshots.length) this.#index = 0;
    this.#playing = !this.#playing;
    this.#shownSinceMs = this.#nowMs();
  }

  /** ← / →: one reading back or on, paused there. */
  step(by: -1 | 1): void {
    this.#playing = false;
    this.#index = Math.min(this.#snapshots.length - 1, Math.max(0, this.#index + by));
  }

  /** + / -: the next speed up or down. */
  changeSpeed(by: -1 | 1): void {
    this.#speedAt = Math.min(REPLAY_SPEEDS.length - 1, Math.max(0, this.#speedAt + by));
  }

  /** The newest `count` readings up to the one shown, oldest first (to refill the history). */
  upToCurrent(count: number): readonly Snapshot[] {
    return this.#snapshots.slice(Math.max(0, this.#index + 1 - count), this.#index + 1);
  }

  #gapMs(index: number): number {
    const gap = Date.parse(this.#snapshots[index + 1]!.timestamp) -
      Date.parse(this.#snapshots[index]!.timestamp);
    return Number.isFinite(gap) && gap > 0 ? gap : 0;
  }
}
