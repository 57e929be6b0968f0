/**
 * SIGINT, SIGTERM and SIGHUP (the terminal or the ssh connection went away) as a request to stop: the first one aborts the controller so that a
 * command finishes the line it is writing (watch) or abandons its reading (one-shot
 * commands), closes every library session and exits; a second one exits at once (something
 * is stuck). Windows has SIGINT (and SIGBREAK) only; a signal the platform lacks is skipped.
 *
 * The child-program runner (src/platform/run_program.ts) answers the same signal by ending
 * its process groups and raising the signal again; that echo arrives within milliseconds
 * and is not the user's second signal: one repeat of the first signal within ECHO_GRACE_MS
 * is ignored, or a reading with nvidia-smi or macmon running would skip nvmlShutdown.
 *
 * The first signal also means gputop is stopping: every child program's group is killed and
 * none starts from then on (live_process_groups.ts), whatever the shutdown still runs.
 */
import { stopStartingChildren } from "./live_process_groups.ts";

export interface StopSignals {
  signal: AbortSignal;
  /** The signal that asked to stop, or null. */
  received(): Deno.Signal | null;
  /**
   * Removes the listeners; after a signal, not before ECHO_GRACE_MS from it, so that the
   * runner's echo still finds one (with none left, Deno would let it end the process).
   */
  dispose(): Promise<void>;
}

/** How soon a repeat of the first signal is taken for the child-program runner's echo. */
export const ECHO_GRACE_MS = 200;

const SIGNAL_NUMBERS: Partial<Record<Deno.Signal, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** 128 + the signal's number, as shells report a process ended by that signal. */
export function exitCodeForSignal(signal: Deno.Signal): number {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 0);
}

export function listenForStop(
  signals: readonly Deno.Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"],
): StopSignals {
  const controller = new AbortController();
  let received: Deno.Signal | null = null;
  let receivedAtMs = 0;
  let echoIgnored = false;
  const listeners: [Deno.Signal, () => void][] = [];
  for (const name of signals) {
    const listener = () => {
      if (received !== null) {
        const echo = !echoIgnored && name === received &&
          performance.now() - receivedAtMs < ECHO_GRACE_MS;
        if (!echo) Deno.exit(exitCodeForSignal(name));
        echoIgnored = true;
        return;
      }
      received = name;
      receivedAtMs = performance.now();
      stopStartingChildren();
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
    dispose: async () => {
      if (received !== null) {
        const leftMs = receivedAtMs + ECHO_GRACE_MS - performance.now();
        if (leftMs > 0) await new Promise((resolve) => setTimeout(resolve, leftMs));
      }
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
