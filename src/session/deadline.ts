/** Waiting with limits: a promise raced against a deadline, and an abortable sleep. */

export type Settled<T> =
  | { settled: true; ok: true; value: T }
  | { settled: true; ok: false; error: unknown }
  | { settled: false };

/** The promise's outcome if it settles within `ms`, else `{ settled: false }`. Never throws. */
export function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ settled: false }), Math.max(0, ms));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve({ settled: true, ok: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({ settled: true, ok: false, error });
      },
    );
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
