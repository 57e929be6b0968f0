/**
 * `-l SEC` / `-lms MS`: a block every interval until stopped, through the live sampling
 * session (`watchSnapshots`: one session for the whole run, a drift-free schedule, a warm-up
 * sample so that the first block has its rates). The header comes once, at the top, so the
 * output stays one CSV table (`gputop query … -l 5 > log.csv`). `-i` is judged as `watch`
 * judges it: once no backend is still opening. Ends on SIGINT / SIGTERM after a complete
 * block with exit 130 / 143, as `watch` does (what a shell reports for a program ended by
 * that signal; nvidia-smi does not document its own status on Ctrl-C), or quietly when
 * stdout's reader goes away (exit 0).
 */
import { filterDevices, unmatchedIdsMessage } from "../../model/device_filter.ts";
import { isStillOpening } from "../../session/session.ts";
import { watchSnapshots } from "../../session/watch_snapshots.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { EXIT_FAILURE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import { exitCodeForSignal, listenForStop } from "../../platform/stop_signals.ts";
import type { QueryRequest } from "./parse_query_args.ts";
import type { QueryOutput } from "./query_output.ts";

export async function queryLoop(
  request: QueryRequest,
  intervalMs: number,
  output: QueryOutput,
  io: Io,
): Promise<number> {
  const { options } = request;
  const stop = listenForStop();
  try {
    let header = request.format.header;
    let idsJudged = options.ids === null;
    const readings = watchSnapshots({
      ...sessionOptionsOf(options, io.env),
      intervalMs,
      signal: stop.signal,
    });
    for await (const reading of readings) {
      const { snapshot, unmatched } = filterDevices(reading, options.ids);
      if (!idsJudged && !reading.backends.some(isStillOpening)) {
        idsJudged = true;
        if (unmatched.length > 0) {
          io.err(`gputop: ${unmatchedIdsMessage(reading, unmatched)}\n`);
          return EXIT_FAILURE;
        }
      }
      io.out(output.block(snapshot, header));
      header = false;
      if (io.outClosed?.()) break;
    }
    const signal = stop.received();
    return signal === null ? EXIT_OK : exitCodeForSignal(signal);
  } finally {
    await stop.dispose();
  }
}
