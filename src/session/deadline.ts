/** Waiting with limits: a promise raced against a deadline, and an abortable sleep. */

export type Settled<T> =
  | { settled: true; ok: true; value: T }
  | { settled: true; ok: false; error: unknown }
  | { settled: false };

/**
 * The promise's outcome if it settles within `ms`, else `{ settled: false }`. Never throws.
 *
 * A promise that is already settled (a backend whose open or read did its work synchronously,
 * as the DRM backend does) is answered without arming a timer: Deno's global `setTimeout`
 * is Node's, and its first call loads the Node compatibility layer, about 10 ms of a one-shot
 * run's start-up (README, Performance).
 */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let early: Settled<T> | null = null;
  const tracked = promise.then(
    (value): Settled<T> => early = { settled: true, ok: true, value },
    (error: unknown): Settled<T> => early = { settled: true, ok: false, error },
  );
  // A few turns of the microtask queue: enough for a settled promise (or a Promise.all of
  // settled ones) to have reported.
  for (let turn = 0; turn < 5 && early === null; turn++) await Promise.resolve();
  if (early !== null) return early;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ settled: false }), Math.max(0, ms));
    tracked.then((outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    });
  });
}

/** Sleeps `ms`; resolves early (never rejects) when `signal` aborts. */
export function sleepMs(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
