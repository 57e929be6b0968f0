/**
 * The options only `gputop record` takes: `--interval` (as `top`), `--duration D` (stop
 * after D; default: until stopped), `--max-size SIZE` (rotate the file past SIZE). Kept apart
 * so the registry, loaded at start-up, imports only the specs.
 */
import type { OptionSpecs, OptionValue } from "../option_spec.ts";
import { stringValue } from "../cli_options.ts";
import { INTERVAL_OPTION, intervalMs, RESCAN_INTERVAL_OPTION } from "../live_options.ts";
import { parseDurationMs } from "../parse_duration.ts";
import { parseSizeBytes } from "../parse_size.ts";
import { UsageError } from "../../platform/usage_error.ts";

export const RECORD_OPTIONS: OptionSpecs = {
  interval: INTERVAL_OPTION,
  duration: {
    type: "string",
    value: "D",
    help: "stop after D (e.g. 10m, 24h; default: until stopped)",
  },
  "max-size": {
    type: "string",
    value: "SIZE",
    help: "past SIZE, move FILE to FILE.1 (FILE.1.gz for .gz) and start afresh",
  },
  "rescan-interval": RESCAN_INTERVAL_OPTION,
};

/** Below this a rotated file would hold a reading or two: a typo rather than a wish. */
export const MIN_MAX_SIZE_BYTES = 4096;

export interface RecordCliOptions {
  intervalMs: number;
  /** Null: until stopped. */
  durationMs: number | null;
  /** Null: never rotate. */
  maxSizeBytes: number | null;
}

export function parseRecordOptions(
  values: Readonly<Record<string, OptionValue>>,
): RecordCliOptions {
  const duration = stringValue(values.duration);
  const maxSize = stringValue(values["max-size"]);
  const maxSizeBytes = maxSize === undefined ? null : parseSizeBytes("--max-size", maxSize);
  if (maxSizeBytes !== null && maxSizeBytes < MIN_MAX_SIZE_BYTES) {
    throw new UsageError(`invalid value for --max-size: '${maxSize}' (at least 4KiB)`);
  }
  return {
    intervalMs: intervalMs(values.interval),
    durationMs: duration === undefined ? null : parseDurationMs("--duration", duration),
    maxSizeBytes,
  };
}
