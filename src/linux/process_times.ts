/**
 * A process's start time and CPU time, from `/proc/<pid>/stat` (counted in clock ticks since
 * boot) and the boot time in `/proc/stat`.
 *
 * The tick rate: the kernel writes every time in `/proc` in USER_HZ, which is part of its ABI
 * toward user space and is 100 on every architecture Deno runs on (x86-64 and arm64 take
 * `include/uapi/asm-generic/param.h`'s 100; only Alpha and IA-64 ever used another value).
 * It is what `getconf CLK_TCK` prints there and does not follow the kernel's internal HZ
 * (250 or 1000 on most distributions), so a constant is right and needs no system call.
 */
import { readTextOrNull } from "./read_file.ts";

export const CLOCK_TICKS_PER_SECOND = 100;

const BTIME = /(?:^|\n)btime (\d{1,12})(?:\r?\n|$)/;

/** `btime` of a `/proc/stat` text: seconds since the epoch at boot; null when absent. */
export function parseBootTimeSeconds(text: string | null): number | null {
  if (text === null) return null;
  const match = BTIME.exec(text);
  return match ? Number(match[1]) : null;
}

/** The boot time under a proc root, in ms since the epoch; null when it cannot be read. */
export function readBootTimeMs(procRoot: string): number | null {
  const seconds = parseBootTimeSeconds(readTextOrNull(`${procRoot}/stat`));
  return seconds === null ? null : seconds * 1000;
}

/** ISO 8601 of a start time in ticks after boot; null when either is unknown or absurd. */
export function startTimeIso(bootTimeMs: number | null, startTicks: number | null): string | null {
  if (bootTimeMs === null || startTicks === null) return null;
  const ms = bootTimeMs + startTicks * (1000 / CLOCK_TICKS_PER_SECOND);
  // Date's range ends at ±8.64e15 ms; past that toISOString throws.
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

/**
 * CPU used between two readings of one process, in percent of one core (so up to 100 × the
 * cores it ran on): the ticks it spent over the wall time between the readings. Null when the
 * time did not advance or the ticks went back (not the same process, or a broken file).
 */
export function cpuPercentBetween(
  ticksBefore: number,
  ticksNow: number,
  elapsedMs: number,
): number | null {
  const ticks = ticksNow - ticksBefore;
  if (!(elapsedMs > 0) || ticks < 0) return null;
  const percent = (ticks / CLOCK_TICKS_PER_SECOND) / (elapsedMs / 1000) * 100;
  return Math.round(percent * 10) / 10;
}
