/**
 * Groups still running when gputop ends, and whether gputop may still start one. A child in
 * its own session does not get the terminal's Ctrl-C, so gputop kills the groups itself.
 *
 * - A run (runProgram: one answer, then exit) is killed at normal exit ("unload") and on
 *   SIGINT/SIGTERM/SIGHUP. The signal listeners exist only while a run is in flight, and a signal is
 *   handled by killing the groups, removing these listeners and raising the same signal
 *   again: gputop then ends exactly as it would have without them (or another listener of
 *   its own decides), and importing this module changes nothing.
 * - A stream (macmon's `pipe`, one child for a whole watch) is killed at normal exit and when
 *   gputop stops; its owner kills it at close. It adds no signal listener: `serve` and `top`
 *   stop on a signal through their own listeners, which an echo of it must not outlive.
 * - Stopping (`stopStartingChildren`, called by the CLI when a stop signal arrives) kills
 *   every group and is one-way: from then on no child starts, so nothing a shutdown does
 *   (an open that goes on after its program was killed, a stream's restart, a fallback's
 *   open) leaves a fresh group behind.
 *
 * The state is process-wide on purpose: it is the set of child groups this process owns.
 */
import { killProcessGroup } from "./process_group.ts";

const runGroups = new Set<number>();
const streamGroups = new Set<number>();
const EXIT_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM", "SIGHUP"];
let watchingExit = false;
let watchingSignals = false;
let stopping = false;
const signalHandlers = new Map<Deno.Signal, () => void>();

function killGroups(groups: Set<number>): void {
  for (const pid of groups) killProcessGroup(pid);
  groups.clear();
}

function killAllGroups(): void {
  killGroups(runGroups);
  killGroups(streamGroups);
}

/** The "unload" listener, while any group is tracked. */
function watchExit(): void {
  if (watchingExit) return;
  watchingExit = true;
  globalThis.addEventListener("unload", killAllGroups);
}

function unwatchExitIfIdle(): void {
  if (runGroups.size === 0) unwatchSignals();
  if (!watchingExit || runGroups.size > 0 || streamGroups.size > 0) return;
  watchingExit = false;
  globalThis.removeEventListener("unload", killAllGroups);
}

function watchSignals(): void {
  if (watchingSignals || Deno.build.os === "windows") return;
  watchingSignals = true;
  for (const signal of EXIT_SIGNALS) {
    const handler = () => {
      killGroups(runGroups);
      unwatchSignals();
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

function unwatchSignals(): void {
  if (!watchingSignals) return;
  watchingSignals = false;
  for (const [signal, handler] of signalHandlers) {
    try {
      Deno.removeSignalListener(signal, handler);
    } catch {
      // Already gone.
    }
  }
  signalHandlers.clear();
}

/** A run's group, killed if gputop ends (or gets SIGINT/SIGTERM/SIGHUP) while it runs. */
export function trackGroup(pid: number): void {
  runGroups.add(pid);
  watchExit();
  watchSignals();
}

/** A stream's group, killed if gputop ends or stops while it runs. */
export function trackStreamGroup(pid: number): void {
  streamGroups.add(pid);
  watchExit();
}

/** The child's run is over; with no group left, the exit listeners go too. */
export function untrackGroup(pid: number): void {
  runGroups.delete(pid);
  streamGroups.delete(pid);
  unwatchExitIfIdle();
}

/** gputop is stopping: every group is killed now, and no child starts from now on. */
export function stopStartingChildren(): void {
  stopping = true;
  killAllGroups();
  unwatchExitIfIdle();
}

/** False once gputop is stopping (`stopStartingChildren`). */
export function childrenMayStart(): boolean {
  return !stopping;
}
