/**
 * Sends a signal from `top` (K then y) and says how it went in one line for the status bar:
 * sent, permission denied (another user's process), or no such process (it has gone). Never
 * throws. The pid is taken as gputop's own PID namespace numbers it (see README, `top`).
 */
import { errorMessage } from "../model/errors.ts";

export type KillFunction = (pid: number, signal: Deno.Signal) => void;

/** The process to signal: its pid, name, and start time in the reading (null: unknown). */
export interface SignalTarget {
  pid: number;
  name: string;
  startTime: string | null;
}

export interface SignalSeams {
  kill?: KillFunction;
  /** The start time of the process with this pid now; null when there is none. */
  startTimeNow?: (pid: number) => string | null;
}

/**
 * Sends `signal` to `target.pid`. Where the reading knew the start time, the pid is checked
 * first: a process that started at another time is another process (the pid was reused),
 * and none at all is "no such process", so nothing is sent to a stranger.
 */
export function sendSignal(
  target: SignalTarget,
  signal: "SIGTERM" | "SIGKILL",
  seams: SignalSeams = {},
): { message: string; sent: boolean } {
  const { pid, name } = target;
  // kill(0, …) would signal gputop's own process group; no GPU process has pid 0.
  if (!Number.isInteger(pid) || pid <= 0) {
    return { message: `PID ${pid} is not a process; nothing sent`, sent: false };
  }
  if (target.startTime !== null && seams.startTimeNow !== undefined) {
    const now = seams.startTimeNow(pid);
    if (now === null) return goneMessage(signal, pid);
    if (now !== target.startTime) {
      return { message: `PID ${pid} is now another process; ${signal} not sent`, sent: false };
    }
  }
  const kill = seams.kill ?? Deno.kill;
  try {
    kill(pid, signal);
    return { message: `${signal} sent to ${pid} ${name}`, sent: true };
  } catch (error) {
    if (error instanceof Deno.errors.PermissionDenied) {
      return { message: `${signal} to ${pid}: permission denied (not your process?)`, sent: false };
    }
    if (error instanceof Deno.errors.NotFound) return goneMessage(signal, pid);
    return { message: `${signal} to ${pid}: ${errorMessage(error)}`, sent: false };
  }
}

function goneMessage(signal: string, pid: number): { message: string; sent: boolean } {
  return { message: `${signal} to ${pid}: no such process (it has gone)`, sent: false };
}
