/**
 * Groups still running when gputop ends. A child in its own session does not get the
 * terminal's Ctrl-C, so gputop kills the groups itself: at normal exit ("unload") and on
 * SIGINT/SIGTERM. The listeners exist only while a child runs, and a signal is handled by
 * killing the groups, removing these listeners and raising the same signal again: gputop
 * then ends exactly as it would have without them (or another listener of its own decides),
 * and importing this module changes nothing. The state is process-wide on purpose: it is the
 * set of child groups this process owns.
 */
import { killProcessGroup } from "./process_group.ts";

const liveGroups = new Set<number>();
const EXIT_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM"];
let watching = false;
const signalHandlers = new Map<Deno.Signal, () => void>();

function killLiveGroups(): void {
  for (const pid of liveGroups) killProcessGroup(pid);
  liveGroups.clear();
}

function watchExit(): void {
  if (watching) return;
  watching = true;
  globalThis.addEventListener("unload", killLiveGroups);
  if (Deno.build.os === "windows") return;
  for (const signal of EXIT_SIGNALS) {
    const handler = () => {
      killLiveGroups();
      unwatchExit();
      Deno.kill(Deno.pid, signal);
    };
    try {
      Deno.addSignalListener(signal, handler);
      signalHandlers.set(signal, handler);
    } catch {
      // No signal support here (a restricted runtime): exit still kills via "unload".
    }
  }
}

function unwatchExit(): void {
  if (!watching) return;
  watching = false;
  globalThis.removeEventListener("unload", killLiveGroups);
  for (const [signal, handler] of signalHandlers) {
    try {
      Deno.removeSignalListener(signal, handler);
    } catch {
      // Already gone.
    }
  }
  signalHandlers.clear();
}

/** A child's group, killed if gputop ends while it runs. */
export function trackGroup(pid: number): void {
  liveGroups.add(pid);
  watchExit();
}

/** The child's run is over; with no group left, the exit listeners go too. */
export function untrackGroup(pid: number): void {
  liveGroups.delete(pid);
  if (liveGroups.size === 0) unwatchExit();
}
