/**
 * The first argument of each listed process, from /proc (see `linux/first_argument.ts`), for
 * `gputop query --query-compute-apps`'s `process_name`. Read on demand rather than kept in
 * the snapshot: only that query prints it. Where /proc cannot say (macOS, a process that
 * exited), the pid is left out and the process's name stands in.
 */
import { readFirstArgument } from "../linux/first_argument.ts";

export function readFirstArguments(
  pids: Iterable<number>,
  procRoot: string | undefined,
): Map<number, string> {
  const root = procRoot ?? "/proc";
  const found = new Map<number, string>();
  for (const pid of pids) {
    if (found.has(pid)) continue;
    const first = readFirstArgument(root, pid);
    if (first !== null) found.set(pid, first);
  }
  return found;
}
