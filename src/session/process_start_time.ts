/**
 * When the process with this pid started, as gputop's own `/proc` says now (ISO 8601, as the
 * readings' `startTime`); null when there is no such process or it cannot be read. `top` asks
 * just before K's signal leaves, so that a pid the kernel has handed to a new process since
 * the reading is not signalled in the old one's name.
 */
import { parseStat } from "../linux/process_info.ts";
import { readBootTimeMs, startTimeIso } from "../linux/process_times.ts";
import { readPidFileTextOrNull } from "../linux/read_file.ts";

export function processStartTime(pid: number, procRoot = "/proc"): string | null {
  const stat = parseStat(readPidFileTextOrNull(`${procRoot}/${pid}/stat`));
  if (stat === null) return null;
  return startTimeIso(readBootTimeMs(procRoot), stat.startTicks);
}
