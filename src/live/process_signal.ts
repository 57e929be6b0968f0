/**
 * Sends a signal from `top` (K then y) and says how it went in one line for the status bar:
 * sent, permission denied (another user's process), or no such process (it has gone). Never
 * throws. The pid is taken as gputop's own PID namespace numbers it (see README, `top`).
 */
import { errorMessage } from "../model/errors.ts";

export type KillFunction = (pid: number, signal: Deno.Signal) => void;

export function sendSignal(
  pid: number,
  name: string,
  signal: "SIGTERM" | "SIGKILL",
  kill: KillFunction = Deno.kill,
): { message: string; sent: boolean } {
  // kill(0, …) would signal gputop's own process group; no GPU process has pid 0.
  if (!Number.isInteger(pid) || pid <= 0) {
    return { message: `PID ${pid} is not a process; nothing sent`, sent: false };
  }
  try {
    kill(pid, signal);
    return { message: `${signal} sent to ${pid} ${name}`, sent: true };
  } catch (error) {
    if (error instanceof Deno.errors.PermissionDenied) {
      return { message: `${signal} to ${pid}: permission denied (not your process?)`, sent: false };
    }
    if (error instanceof Deno.errors.NotFound) {
      return { message: `${signal} to ${pid}: no such process (it has gone)`, sent: false };
    }
    return { message: `${signal} to ${pid}: ${errorMessage(error)}`, sent: false };
  }
}
