/**
 * Starting a child program in a process group of its own (process_group.ts), with stdin
 * closed and stdout/stderr piped, for the two kinds of child gputop has: a run
 * (run_program.ts) and macmon's stream. Nothing starts once gputop is stopping
 * (live_process_groups.ts): a shutdown must not leave a fresh group behind.
 */
import { childrenMayStart } from "./live_process_groups.ts";
import { groupedCommandOptions } from "./process_group.ts";

/** Why no child was started. */
export type SpawnFailure =
  | { kind: "not-found" }
  | { kind: "failed"; reason: string }
  | { kind: "stopping" };

/** What the child is told when gputop is stopping, for a status detail. */
export const STOPPING_REASON = "not started: gputop is stopping";

/** The child, its pid also its process-group id (not on Windows); or why it did not start. */
export function spawnGroup(
  program: string,
  args: readonly string[],
  env?: Record<string, string>,
): Deno.ChildProcess | SpawnFailure {
  if (!childrenMayStart()) return { kind: "stopping" };
  try {
    return new Deno.Command(
      program,
      groupedCommandOptions({
        args: [...args],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        ...(env ? { env } : {}),
      }),
    ).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { kind: "not-found" };
    return { kind: "failed", reason: firstLineOf(error) };
  }
}

/** The first line of an error's message (a spawn error can run to several). */
export function firstLineOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
