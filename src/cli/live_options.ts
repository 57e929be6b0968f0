/** Options shared by the long-running commands (`top`, `serve`): their specs and parsing. */
import type { OptionSpec, OptionValue } from "./option_spec.ts";
import { stringValue } from "./cli_options.ts";
import { parseDurationMs } from "./parse_duration.ts";
import { UsageError } from "../platform/usage_error.ts";

export const DEFAULT_INTERVAL_MS = 1000;

export const INTERVAL_OPTION: OptionSpec = {
  type: "string",
  value: "D",
  help: "time between readings (default 1s; e.g. 500ms, 2s)",
};

/** `--interval`: at least 10 ms. */
export function intervalMs(value: OptionValue): number {
  const text = stringValue(value);
  if (text === undefined) return DEFAULT_INTERVAL_MS;
  const ms = parseDurationMs("--interval", text);
  if (ms < 10) throw new UsageError(`invalid value for --interval: '${text}' (at least 10ms)`);
  return ms;
}

export const RESCAN_INTERVAL_OPTION: OptionSpec = {
  type: "string",
  value: "D",
  help: "walk every /proc/<pid>/fd in full at most this often (default 2s)",
};

/**
 * `--interval` and `--rescan-interval` (as `watch` takes them) → the continuous settings of
 * a session. An unset rescan interval stays undefined: the session's default (2 s) applies.
 * (The default is not imported here: the command registry loads this file at start-up.)
 */
export function continuousOptions(values: Readonly<Record<string, OptionValue>>): {
  intervalMs: number;
  rescanIntervalMs: number | undefined;
} {
  const rescan = stringValue(values["rescan-interval"]);
  return {
    intervalMs: intervalMs(values.interval),
    rescanIntervalMs: rescan === undefined
      ? undefined
      : parseDurationMs("--rescan-interval", rescan),
  };
}

/** A whole number option (`--max-process-series 50`). */
export function countOption(flag: string, value: OptionValue, fallback: number): number {
  const text = stringValue(value);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > 1_000_000) {
    throw new UsageError(`invalid value for ${flag}: '${text}' (expected a whole number)`);
  }
  return Number(text);
}

/**
 * Per-backend deadlines of a continuous session, as `watch` has them: a reading may take one
 * interval, opening a backend max(interval, 1 s). A backend slower than that (NVML's init can
 * block for seconds; a vendor call can hang) is reported as timed out or not answering for that
 * reading while the others are shown, and joins a later reading once it answers.
 */
export function continuousDeadlines(intervalMs: number): {
  deadlineMs: number;
  openDeadlineMs: number;
} {
  return { deadlineMs: intervalMs, openDeadlineMs: Math.max(intervalMs, 1000) };
}
