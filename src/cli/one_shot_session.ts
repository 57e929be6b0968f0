/**
 * The one-shot commands' session (snapshot, ps, backends, check, fit): open the chosen
 * backends, use them, close them — and close them too when SIGINT or SIGTERM arrives
 * mid-way (a `--sample-window` sleep, a slow NVML init), so vendor libraries are shut down
 * and child process groups ended before the process exits 130 / 143. The signal handling
 * lives here, in the CLI, and only for the command's duration: library users calling
 * readSnapshot get no signal listeners.
 */
import type { Snapshot } from "../model/types.ts";
import { sleepMs } from "../session/deadline.ts";
import { createSession, type ReadSnapshotOptions } from "../session/read_snapshot.ts";
import type { Session } from "../session/session.ts";
import { trackClosing } from "./closing_in_flight.ts";
import { listenForStop } from "../platform/stop_signals.ts";

/** What the command's work gave, or the signal that stopped it first. */
export type OneShotOutcome<T> =
  | { interrupted: false; value: T }
  | { interrupted: true; signal: Deno.Signal };

/**
 * Runs `use` on a fresh session and closes the session exactly once on every path: done
 * (resolves once closing has begun — every open backend is shut down by then — and leaves
 * the wait for a still-pending call to `closingDone()`, so the output is not held back),
 * thrown (rethrown after closing), or a stop signal (resolves `interrupted` after closing;
 * `use` is abandoned and must check `signal.aborted` after each await so that it never calls
 * into the session once closing has begun). A second signal during closing exits at once;
 * so does any signal once the output is written (no listener is left by then).
 */
export async function withOneShotSession<T>(
  options: ReadSnapshotOptions,
  use: (session: Session, signal: AbortSignal) => Promise<T>,
): Promise<OneShotOutcome<T>> {
  const stop = listenForStop();
  try {
    const session = createSession(options);
    let closing: Promise<void> | null = null;
    try {
      const work = use(session, stop.signal);
      // Abandoned work may still fail later; that must not become an unhandled rejection.
      work.catch(() => undefined);
      const value = await Promise.race([work, abortOf(stop.signal)]);
      const signal = stop.received();
      if (signal !== null) return { interrupted: true, signal };
      // The reading is complete: the command prints it while the close goes on (a vendor
      // init still pending can take CLOSE_WAIT_MS more); the entry point waits for it.
      closing = session.close();
      trackClosing(closing);
      return { interrupted: false, value: value as T };
    } finally {
      if (closing === null) await session.close();
    }
  } finally {
    await stop.dispose();
  }
}

/** Never rejects: resolves when the signal aborts (and never otherwise). */
function abortOf(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/**
 * One reading, as readSnapshot takes it: a sample, and with a sample window a second one
 * that long after (rates need two). Null when stopped; nothing touches the session after.
 */
export async function readOnce(
  session: Session,
  sampleWindowMs: number | undefined,
  signal: AbortSignal,
): Promise<Snapshot | null> {
  await session.open();
  if (signal.aborted) return null;
  let snapshot = await session.sample();
  if (signal.aborted) return null;
  if (sampleWindowMs && sampleWindowMs > 0) {
    await sleepMs(sampleWindowMs, signal);
    if (signal.aborted) return null;
    snapshot = await session.sample();
  }
  return snapshot;
}
