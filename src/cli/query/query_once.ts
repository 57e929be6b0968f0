/**
 * One query block (no `-l`): one reading through the one-shot session, filtered by `-i`.
 * nvidia-smi's utilization is over its driver's last sample period; gputop's needs two
 * samples where it comes from counters (fdinfo engine time, Level Zero activity, energy for
 * power). So, unless `--sample-window` says otherwise, a second sample is taken
 * `DEFAULT_QUERY_WINDOW_MS` after the first only when a rate field asked for is unknown on
 * a device after the first: NVML and AMD SMI answers cost no wait.
 */
import type { Snapshot } from "../../model/types.ts";
import { filterDevices, unmatchedIdsMessage } from "../../model/device_filter.ts";
import { sleepMs } from "../../session/deadline.ts";
import type { Session } from "../../session/session.ts";
import { EXIT_FAILURE, EXIT_NO_DEVICE, EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";
import { exitCodeForSignal } from "../../platform/stop_signals.ts";
import { withOneShotSession } from "../one_shot_session.ts";
import { sessionOptionsOf } from "../session_options.ts";
import type { QueryRequest } from "./parse_query_args.ts";
import type { QueryOutput } from "./query_output.ts";

/** The window of the second sample when one is needed (watch's warm-up, too). */
export const DEFAULT_QUERY_WINDOW_MS = 250;

export async function queryOnce(
  request: QueryRequest,
  output: QueryOutput,
  io: Io,
): Promise<number> {
  const { options } = request;
  const outcome = await withOneShotSession(
    {
      ...sessionOptionsOf(options, io.env),
    },
    (session, signal) => read(session, signal, request, output),
  );
  if (outcome.interrupted) return exitCodeForSignal(outcome.signal);
  const snapshot = outcome.value;
  if (snapshot === null) throw new Error("query ended without a reading");
  if (snapshot.devices.length === 0) {
    io.err("gputop: No devices were found (gputop backends says why)\n");
    return EXIT_NO_DEVICE;
  }
  const filtered = filterDevices(snapshot, options.ids);
  if (filtered.unmatched.length > 0) {
    io.err(`gputop: ${unmatchedIdsMessage(snapshot, filtered.unmatched)}\n`);
    return EXIT_FAILURE;
  }
  io.out(output.block(filtered.snapshot, request.format.header));
  return EXIT_OK;
}

/** The reading: one sample, or two when asked or needed; null once a signal came. */
async function read(
  session: Session,
  signal: AbortSignal,
  request: QueryRequest,
  output: QueryOutput,
): Promise<Snapshot | null> {
  await session.open();
  if (signal.aborted) return null;
  const first = await session.sample();
  if (signal.aborted) return null;
  const windowMs = request.sampleWindowMs ??
    (output.wantsSecondSample(filterDevices(first, request.options.ids).snapshot)
      ? DEFAULT_QUERY_WINDOW_MS
      : 0);
  if (windowMs <= 0) return first;
  await sleepMs(windowMs, signal);
  if (signal.aborted) return null;
  return await session.sample();
}
