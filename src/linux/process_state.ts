/**
 * The state letter of `/proc/<pid>/stat` (and `status`'s `State:`) in words. The kernel's
 * letters (fs/proc/array.c): R running, S sleeping, D disk sleep, T stopped, t tracing stop,
 * X dead, Z zombie, P parked, I idle; a stopped or traced process is `stopped` alike, and the
 * rest (dead, parked, idle kernel threads, any letter of a future kernel) is `other`.
 */
import type { ProcessState } from "../model/process_attribution.ts";

export function processStateOf(letter: string | null): ProcessState | null {
  switch (letter) {
    case null:
    case "":
      return null;
    case "R":
      return "running";
    case "S":
      return "sleeping";
    case "D":
      return "disk-sleep";
    case "T":
    case "t":
      return "stopped";
    case "Z":
      return "zombie";
    default:
      return "other";
  }
}
