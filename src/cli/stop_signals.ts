/**
 * SIGINT and SIGTERM as a request to stop: the first one aborts the controller so that a
 * long-running command finishes the line it is writing, closes every library session and
 * exits; a second one exits at once (something is stuck). Windows has SIGINT (and SIGBREAK)
 * only; a signal the platform lacks is skipped.
 */
export interface StopSignals {
  signal: AbortSignal;
  /** The signal that asked to stop, or null. */
  received(): Deno.Signal | null;
  dispose(): void;
}

const SIGNAL_NUMBERS: Partial<Record<Deno.Signal, number>> = { SIGINT: 2, SIGTERM: 15 };

/** 128 + the signal's number, as shells report a process ended by that signal. */
export function exitCodeForSignal(signal: Deno.Signal): number {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 0);
}

export function listenForStop(
  signals: readonly Deno.Signal[] = ["SIGINT", "SIGTERM"],
): StopSignals {
  const controller = new AbortController();
  let received: Deno.Signal | null = null;
  const listeners: [Deno.Signal, () => void][] = [];
  for (const name of signals) {
    const listener = () => {
      if (received !== null) Deno.exit(exitCodeForSignal(name));
      received = name;
      controller.abort();
    };
    try {
      Deno.addSignalListener(name, listener);
      listeners.push([name, listener]);
    } catch {
      // Not supported on this platform.
    }
  }
  return {
    signal: controller.signal,
    received: () => received,
    dispose: () => {
      for (const [name, listener] of listeners) {
        try {
          Deno.removeSignalListener(name, listener);
        } catch {
          // already gone
        }
      }
    },
  };
}
