/**
 * The options only `gputop watch` takes: `--interval` (default 1s), `--count N`, and
 * `--rescan-interval` (how often the continuous mode walks every /proc/<pid>/fd in full;
 * default 2s). Kept apart so the command registry can own them per command.
 */
import { parseDurationMs } from "../parse_duration.ts";
import { UsageError } from "../usage_error.ts";

export const DEFAULT_WATCH_INTERVAL_MS = 1_000;
export const DEFAULT_RESCAN_INTERVAL_MS = 2_000;
/** Shortest interval accepted: below this, sampling itself is most of each interval. */
export const MIN_WATCH_INTERVAL_MS = 10;

export const WATCH_OPTION_SPEC = {
  interval: { type: "string" },
  count: { type: "string" },
  "rescan-interval": { type: "string" },
} as const;

export interface WatchCliOptions {
  intervalMs: number;
  /** Null: until stopped. */
  count: number | null;
  rescanIntervalMs: number;
}

export function parseWatchOptions(values: {
  interval?: string | undefined;
  count?: string | undefined;
  "rescan-interval"?: string | undefined;
}): WatchCliOptions {
  const intervalMs = values.interval === undefined
    ? DEFAULT_WATCH_INTERVAL_MS
    : parseDurationMs("--interval", values.interval);
  if (intervalMs < MIN_WATCH_INTERVAL_MS) {
    throw new UsageError(
      `invalid value for --interval: '${values.interval}' (at least ${MIN_WATCH_INTERVAL_MS}ms)`,
    );
  }
  const rescanIntervalMs = values["rescan-interval"] === undefined
    ? DEFAULT_RESCAN_INTERVAL_MS
    : parseDurationMs("--rescan-interval", values["rescan-interval"]);
  return { intervalMs, count: parseCount(values.count), rescanIntervalMs };
}

function parseCount(text: string | undefined): number | null {
  if (text === undefined) return null;
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`invalid value for --count: '${text}' (expected a whole number ≥ 1)`);
  }
  return value;
}
