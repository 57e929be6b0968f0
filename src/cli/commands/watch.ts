/**
 * `gputop watch`: a reading every `--interval` as JSON lines (one compact object per line,
 * written and flushed as it is made) or CSV rows (`--csv`, header once), `--count N` of
 * them. `-i` is judged once no backend is still opening (a slow NVML init can make the first
 * lines lack its GPUs): until then lines carry what matches; then an id that matches nothing
 * ends the watch with exit 1 and the list of devices. Ends quietly when the reader goes away (`gputop watch | head -3` exits 0), after a
 * complete line on SIGINT / SIGTERM (exit 130 / 143), and on every path closes every
 * library session before the process exits.
 */
import { renderJsonLine } from "../../render/json.ts";
import { renderWatchCsvHeader, renderWatchCsvRows } from "../../render/watch_csv.ts";
import { watchSnapshots } from "../../session/watch_snapshots.ts";
import { filterDevices, unmatchedIdsMessage } from "../../model/device_filter.ts";
import { isStillOpening } from "../../session/session.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import type { Invocation } from "../command.ts";
import { exitCodeForSignal, listenForStop } from "../../platform/stop_signals.ts";
import { parseWatchOptions } from "../watch/watch_options.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { filterProcesses } from "../../model/process_filter.ts";
import { processFilterOf } from "../process_options.ts";

export async function run({ options, values }: Invocation, io: Io): Promise<number> {
  const watch = parseWatchOptions(values);
  const filter = processFilterOf(values);
  const session = sessionOptionsOf(options, io.env);
  const stop = listenForStop();
  try {
    let first = true;
    let idsJudged = options.ids === null;
    const readings = watchSnapshots({
      ...session,
      intervalMs: watch.intervalMs,
      rescanIntervalMs: watch.rescanIntervalMs,
      count: watch.count ?? undefined,
      signal: stop.signal,
    });
    for await (const reading of readings) {
      const { snapshot: devices, unmatched } = filterDevices(reading, options.ids);
      const snapshot = filterProcesses(devices, filter);
      if (!idsJudged && !reading.backends.some(isStillOpening)) {
        idsJudged = true;
        if (unmatched.length > 0) {
          io.err(`gputop: ${unmatchedIdsMessage(reading, unmatched)}\n`);
          return EXIT_FAILURE;
        }
      }
      if (options.format === "csv") {
        const header = first && options.header ? renderWatchCsvHeader() : "";
        io.out(header + renderWatchCsvRows(snapshot));
      } else {
        io.out(renderJsonLine(snapshot));
      }
      first = false;
      // `gputop watch | head -3`: nobody reads any more; stop like a finished count.
      if (io.outClosed?.()) break;
    }
    const signal = stop.received();
    return signal === null ? EXIT_OK : exitCodeForSignal(signal);
  } finally {
    await stop.dispose();
  }
}
