/**
 * Child programs in a process group of their own, so that a timeout or exit can end the
 * program and everything it started (a wrapper script's `sleep`, a pipeline) in one signal.
 *
 * Deno's `detached: true` makes the child call `setsid()` before exec on Linux and macOS:
 * its pid is then its process-group id, and `kill(-pid, …)` reaches the whole group. Piped
 * stdio still works with it. Windows has no process groups in this sense; there the direct
 * child is killed.
 */

/** `Deno.Command` options with the child put in its own process group. */
export function groupedCommandOptions(options: Deno.CommandOptions): Deno.CommandOptions {
  return Deno.build.os === "windows" ? options : { ...options, detached: true };
}

/**
 * Sends `signal` to the child's whole process group (the child alone on Windows). A group
 * that is already gone is not an error: there is nothing left to stop.
 */
export function killProcessGroup(pid: number, signal: Deno.Signal = "SIGKILL"): void {
  try {
    if (Deno.build.os === "windows") Deno.kill(pid, signal);
    else Deno.kill(-pid, signal);
  } catch {
    // ESRCH: every member has exited already.
  }
}
