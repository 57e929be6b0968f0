/**
 * The loop behind `top` and `serve`: one session, one reading every `intervalMs`, the latest
 * reading kept, subscribers told of each new one. Readers (key presses, HTTP scrapes) never
 * sample themselves; they take `latest`, so a hundred scrapes cost no extra vendor call.
 *
 * Readings follow a fixed schedule (start + k × interval); a reading that overruns its slot
 * skips the missed ticks instead of queueing them, and two readings never overlap. `close()`
 * stops the schedule, waits a bounded time for a reading in flight, then closes the session.
 */
import { errorMessage } from "../model/errors.ts";
import type { Snapshot } from "../model/types.ts";

/** What the sampler needs of a session (`createSession()` gives one). */
export interface SnapshotSource {
  /** Opens the backends on first use (a `Session` does). */
  sample(): Promise<Snapshot>;
  close(): void | Promise<void>;
}

export interface SamplerOptions {
  intervalMs: number;
  /** How long `close()` waits for a reading in flight before closing anyway. */
  closeGraceMs?: number;
  /** Monotonic clock in ms; injectable for tests. */
  nowMs?: () => number;
}

export interface Reading {
  snapshot: Snapshot;
  /** How long the reading took, in seconds (whole milliseconds). */
  durationSeconds: number;
  /** How many readings this sampler has taken, this one included. */
  sequence: number;
}

export type ReadingListener = (reading: Reading) => void;

export class Sampler {
  readonly #source: SnapshotSource;
  readonly #intervalMs: number;
  readonly #closeGraceMs: number;
  readonly #nowMs: () => number;
  readonly #listeners = new Set<ReadingListener>();
  #latest: Reading | null = null;
  #lastError: string | null = null;
  #inFlight: Promise<void> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #startedAtMs = 0;
  #tick = 0;
  #closed = false;
  readonly #first = Promise.withResolvers<Reading | null>();

  constructor(source: SnapshotSource, options: SamplerOptions) {
    this.#source = source;
    this.#intervalMs = Math.max(1, options.intervalMs);
    this.#closeGraceMs = options.closeGraceMs ?? 2000;
    this.#nowMs = options.nowMs ?? (() => performance.now());
  }

  /** The newest reading, or null before the first one finished. */
  get latest(): Reading | null {
    return this.#latest;
  }

  /** Why the last reading failed as a whole (a session error), or null. */
  get lastError(): string | null {
    return this.#lastError;
  }

  /** Whether a reading is being taken right now. */
  get pending(): boolean {
    return this.#inFlight !== null;
  }

  get intervalMs(): number {
    return this.#intervalMs;
  }

  /** Calls `listener` after every new reading; returns the unsubscribe function. */
  subscribe(listener: ReadingListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes the first reading at once, then one every interval. */
  start(): void {
    if (this.#closed || this.#startedAtMs !== 0) return;
    this.#startedAtMs = this.#nowMs();
    this.#run();
  }

  /** The first reading, waiting at most `timeoutMs`; null on timeout or after close. */
  async firstReading(timeoutMs: number): Promise<Reading | null> {
    if (this.#latest !== null || this.#closed) return this.#latest;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return await Promise.race([this.#first.promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #run(): void {
    if (this.#closed) return;
    this.#inFlight = this.#takeReading().finally(() => {
      this.#inFlight = null;
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#closed) return;
    const now = this.#nowMs();
    // The next slot on the grid that is still ahead: missed slots are skipped, not queued.
    this.#tick = Math.max(
      this.#tick + 1,
      Math.floor((now - this.#startedAtMs) / this.#intervalMs) + 1,
    );
    const delay = Math.max(0, this.#startedAtMs + this.#tick * this.#intervalMs - now);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#run();
    }, delay);
  }

  async #takeReading(): Promise<void> {
    const started = this.#nowMs();
    try {
      const snapshot = await this.#source.sample();
      const reading: Reading = {
        snapshot,
        durationSeconds: Math.round(this.#nowMs() - started) / 1000,
        sequence: (this.#latest?.sequence ?? 0) + 1,
      };
      this.#latest = reading;
      this.#lastError = null;
      this.#first.resolve(reading);
      for (const listener of this.#listeners) {
        try {
          listener(reading);
        } catch {
          // One broken listener must not stop the readings for the others.
        }
      }
    } catch (error) {
      this.#lastError = errorMessage(error);
    }
  }

  /** Stops the schedule and closes the session; safe to call more than once. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#first.resolve(null);
    if (this.#inFlight !== null) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.#closeGraceMs);
      });
      await Promise.race([this.#inFlight, grace]);
      clearTimeout(timer);
    }
    this.#listeners.clear();
    try {
      await this.#source.close();
    } catch {
      // Closing a library that fails to shut down must not stop the exit.
    }
  }
}
