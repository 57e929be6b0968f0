/**
 * `gputop record FILE`: a reading every `--interval` appended to FILE as one JSON line (the
 * `watch` format, so `gputop top --replay FILE` and any JSON-lines tool read it), gzip when
 * FILE ends in `.gz`, each line flushed before the next reading; `--duration` ends it,
 * `--max-size` rotates it (src/cli/record/record_file.ts). Stops after a whole line on SIGINT
 * / SIGTERM (exit 130 / 143) and closes the file and every library session on every path.
 */
import { renderJsonLine } from "../../render/json.ts";
import { watchSnapshots } from "../../session/watch_snapshots.ts";
import { filterDevices } from "../../model/device_filter.ts";
import { errorMessage } from "../../model/errors.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import { exitCodeForSignal, listenForStop } from "../../platform/stop_signals.ts";
import type { Invocation } from "../command.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { continuousOptions } from "../live_options.ts";
import { parseRecordOptions } from "../record/record_options.ts";
import { RecordFile } from "../record/record_file.ts";

export async function run({ options, values, positionals }: Invocation, io: Io): Promise<number> {
  const path = positionals[0]!;
  const record = parseRecordOptions(values);
  const continuous = continuousOptions(values);
  let file: RecordFile;
  try {
    file = await RecordFile.open(path, record.maxSizeBytes);
  } catch (error) {
    io.err(`gputop: cannot write ${path}: ${errorMessage(error)}\n`);
    return EXIT_FAILURE;
  }
  const stop = listenForStop();
  const ended = new AbortController();
  const onStop = () => ended.abort();
  stop.signal.addEventListener("abort", onStop);
  const timer = record.durationMs === null ? undefined : setTimeout(onStop, record.durationMs);
  let lines = 0;
  try {
    const readings = watchSnapshots({
      ...sessionOptionsOf(options, io.env),
      intervalMs: record.intervalMs,
      rescanIntervalMs: continuous.rescanIntervalMs,
      signal: ended.signal,
    });
    for await (const reading of readings) {
      await file.writeLine(renderJsonLine(filterDevices(reading, options.ids).snapshot));
      lines++;
    }
    const signal = stop.received();
    return signal === null ? EXIT_OK : exitCodeForSignal(signal);
  } catch (error) {
    io.err(`gputop: writing ${path}: ${errorMessage(error)}\n`);
    return EXIT_FAILURE;
  } finally {
    clearTimeout(timer);
    stop.signal.removeEventListener("abort", onStop);
    await file.close().catch(() => {});
    io.err(`gputop: recorded ${lines} reading${lines === 1 ? "" : "s"} to ${path}\n`);
    await stop.dispose();
  }
}
