/**
 * The options only `gputop watch` takes: `--interval` (default 1s), `--count N`, and
 * `--rescan-interval` (how often the continuous mode walks every /proc/<pid>/fd in full;
 * default 2s). Kept apart so the command registry can own them per command.
 */
import type { OptionSpecs, OptionValue } from "../option_spec.ts";
import { stringValue } from "../cli_options.ts";
import { parseDurationMs } from "../parse_duration.ts";
import { UsageError } from "../../platform/usage_error.ts";
import { DEFAULT_RESCAN_INTERVAL_MS } from "../../session/rescan_interval.ts";

export const DEFAULT_WATCH_INTERVAL_MS = 1_000;
export { DEFAULT_RESCAN_INTERVAL_MS } from "../../session/rescan_interval.ts";
/** Shortest interval accepted: below this, sampling itself is most of each interval. */
export const MIN_WATCH_INTERVAL_MS = 10;

export const WATCH_OPTIONS: OptionSpecs = {
  interval: {
    type: "string",
    value: "D",
    help: "time between readings (default 1s; e.g. 200ms, 2s)",
  },
  count: { type: "string", value: "N", help: "stop after N readings (default: until stopped)" },
  "rescan-interval": {
    type: "string",
    value: "D",
    help: "walk every /proc/<pid>/fd in full at most this often (default 2s)",
  },
};

export interface WatchCliOptions {
  intervalMs: number;
  /** Null: until stopped. */
  count: number | null;
  rescanIntervalMs: number;
}

export function parseWatchOptions(values: Readonly<Record<string, OptionValue>>): WatchCliOptions {
  const interval = stringValue(values.interval);
  const intervalMs = interval === undefined
    ? DEFAULT_WATCH_INTERVAL_MS
    : parseDurationMs("--interval", interval);
  if (intervalMs < MIN_WATCH_INTERVAL_MS) {
    throw new UsageError(
      `invalid value for --interval: '${interval}' (at least ${MIN_WATCH_INTERVAL_MS}ms)`,
    );
  }
  const rescan = stringValue(values["rescan-interval"]);
  const rescanIntervalMs = rescan === undefined
    ? DEFAULT_RESCAN_INTERVAL_MS
    : parseDurationMs("--rescan-interval", rescan);
  return { intervalMs, count: parseCount(stringValue(values.count)), rescanIntervalMs };
}

function parseCount(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`invalid value for --count: '${text}' (expected a whole number ≥ 1)`);
  }
  return value;
}
