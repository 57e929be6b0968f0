/**
 * Continuous sampling on a fixed, drift-free schedule: sample k is due at start + k ×
 * interval on the monotonic clock, whatever each sample took; a sample more than one
 * interval late skips the slots it missed rather than bursting to catch up. A short warm-up
 * sample before the first gives even the first reading its rates (engine %, watts).
 */
import {
  type ContinuousOptions,
  createSession,
  type ReadSnapshotOptions,
} from "./read_snapshot.ts";
import type { Snapshot } from "../model/types.ts";
import { sleepMs } from "./deadline.ts";

/**
 * Opening may take longer than one interval (loading a library, starting macmon, whose
 * first sample needs one of its own intervals); a backend still opening after this is
 * reported as timed out and joins later readings when it is ready.
 */
export const MIN_OPEN_DEADLINE_MS = 1_000;

/** Warm-up window before the first reading, at most (shorter when the interval is). */
export const DEFAULT_WARM_UP_MS = 250;

/** Options of {@linkcode watchSnapshots}. */
export interface WatchSnapshotsOptions extends ReadSnapshotOptions, ContinuousOptions {
  /** Stop after this many readings; default: until the signal or `break`. */
  count?: number | undefined;
  /** Ends the watch: after the sample in progress, never mid-way through one. */
  signal?: AbortSignal | undefined;
  /** The warm-up window; default min(interval, 250 ms); 0 = no warm-up (first rates null). */
  warmUpMs?: number | undefined;
}

/** Readings every `intervalMs` until `count`, the signal, or the consumer's `break`. */
export async function* watchSnapshots(options: WatchSnapshotsOptions): AsyncGenerator<Snapshot> {
  const { intervalMs, signal } = options;
  if (!(intervalMs > 0)) throw new RangeError("intervalMs must be positive");
  const session = createSession(
    {
      ...options,
      deadlineMs: options.deadlineMs ?? intervalMs,
      openDeadlineMs: options.openDeadlineMs ?? Math.max(intervalMs, MIN_OPEN_DEADLINE_MS),
    },
    { intervalMs, rescanIntervalMs: options.rescanIntervalMs },
  );
  try {
    await session.open();
    const warmUpMs = options.warmUpMs ?? Math.min(intervalMs, DEFAULT_WARM_UP_MS);
    if (warmUpMs > 0 && !signal?.aborted) {
      await session.sample();
      await sleepMs(warmUpMs, signal);
    }
    const startMs = performance.now();
    let slot = 0;
    for (let emitted = 0; options.count === undefined || emitted < options.count; emitted++) {
      if (emitted > 0) {
        slot++;
        const nowMs = performance.now();
        if (nowMs > startMs + (slot + 1) * intervalMs) {
          slot = Math.ceil((nowMs - startMs) / intervalMs);
        }
        await sleepMs(startMs + slot * intervalMs - performance.now(), signal);
      }
      if (signal?.aborted) return;
      yield await session.sample();
    }
  } finally {
    await session.close();
  }
}
