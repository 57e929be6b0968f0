/**
 * `/proc/<pid>/cgroup`: which of its lines name the cgroup that tells a container apart.
 * cgroup v2 has one line, `0::<path>`; v1 has one line per hierarchy,
 * `<id>:<controllers>:<path>`, and container runtimes place a process in the `memory` and
 * `pids` hierarchies (and systemd's own, `name=systemd`) alike. A hybrid system has both.
 * The text comes from the kernel but may be anything in a fixture or a hostile root: any
 * line that is not of that shape is skipped, and the work is linear in the text's length.
 */

/** Hierarchies in the order their paths are tried: v1 `memory`, `pids`, `name=systemd`, v2. */
const RANKS = ["memory", "pids", "name=systemd", ""] as const;

/**
 * The paths worth reading, best first (see RANKS), each at most once; empty when no line has
 * one of those hierarchies. A path is what follows the second `:` (a cgroup name may itself
 * hold `:`), without a CR, and must start with `/`.
 */
export function cgroupPathsOf(text: string): string[] {
  const byRank: (string | undefined)[] = [];
  for (const line of text.split("\n")) {
    const first = line.indexOf(":");
    if (first < 0) continue;
    const second = line.indexOf(":", first + 1);
    if (second < 0) continue;
    const rank = rankOf(line.slice(0, first), line.slice(first + 1, second));
    if (rank < 0 || byRank[rank] !== undefined) continue;
    const path = line.endsWith("\r") ? line.slice(second + 1, -1) : line.slice(second + 1);
    if (path.startsWith("/")) byRank[rank] = path;
  }
  const paths: string[] = [];
  for (const path of byRank) {
    if (path !== undefined && !paths.includes(path)) paths.push(path);
  }
  return paths;
}

/** The line's place in RANKS, or -1 when its hierarchy is not one of them. */
function rankOf(hierarchyId: string, controllers: string): number {
  if (controllers === "") return hierarchyId === "0" ? RANKS.length - 1 : -1;
  const names = controllers.split(",");
  for (let rank = 0; rank < RANKS.length - 1; rank++) {
    if (names.includes(RANKS[rank]!)) return rank;
  }
  return -1;
}
