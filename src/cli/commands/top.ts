/**
 * `gputop top`: the live full-screen view (logic in src/live/top.ts), or with `--replay FILE`
 * a recording of `gputop record` played in the same screen.
 */
import { runTop } from "../../live/top.ts";
import { localeIsUtf8 } from "../../live/locale.ts";
import { ReplayPlayer } from "../../live/replay_player.ts";
import { recordedIntervalMs } from "../../session/recording.ts";
import { openRecording } from "../open_recording.ts";
import { EXIT_FAILURE } from "../../platform/exit_codes.ts";
import { stringValue } from "../cli_options.ts";
import { filteredSource } from "../../session/filtered_source.ts";
import { processFilteredSource } from "../../session/process_filtered_source.ts";
import { processFilterOf } from "../process_options.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import type { Io } from "../../platform/io.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { continuousDeadlines, continuousOptions } from "../live_options.ts";
import type { FleetOptions } from "../fleet_options.ts";
import { UsageError } from "../../platform/usage_error.ts";

export async function run(invocation: Invocation, io: Io): Promise<number> {
  const replay = stringValue(invocation.values.replay);
  return replay === undefined
    ? await runLive(invocation, io)
    : await runReplay(replay, invocation, io);
}

/** `--replay FILE`: the recording's readings, at their recorded pace, in the same screen. */
async function runReplay(path: string, { options }: Invocation, io: Io): Promise<number> {
  if (options.fleet !== undefined) throw new UsageError("--replay cannot go with --hosts");
  const recording = await openRecording(path, io);
  if (recording === null) return EXIT_FAILURE;
  const { snapshots, skipped } = recording;
  const player = new ReplayPlayer(snapshots, skipped);
  return await runTop(player, {
    intervalMs: recordedIntervalMs(snapshots),
    color: options.color,
    version: VERSION,
    unicode: localeIsUtf8((name) => io.env(name)),
    replay: player,
    signalsOff: "replay: K sends no signals (these processes are a recording's)",
  }, io);
}

async function runLive({ options, values }: Invocation, io: Io): Promise<number> {
  const continuous = continuousOptions(values);
  const interval = continuous.intervalMs;
  const topOptions = {
    intervalMs: interval,
    color: options.color,
    version: VERSION,
    unicode: localeIsUtf8((name: string) => io.env(name)),
    signalsOff: signalsOffReason(options, values["read-only"] === true),
  };
  if (options.fleet !== undefined) {
    const source = await fleetSource(options.fleet, options.ids, interval);
    return runTop(processFilteredSource(source, processFilterOf(values)), topOptions, io);
  }
  const session = createSession({
    ...sessionOptionsOf(options, io.env),
    ...continuousDeadlines(interval),
  }, continuous);
  return runTop(
    filteredSource(processFilteredSource(session, processFilterOf(values)), options.ids),
    topOptions,
    io,
  );
}

/**
 * Why K may not send signals in a live view: `--read-only` (a shared server), `--hosts` (the
 * processes are other machines'), or a /proc other than gputop's own (`--proc-root`,
 * `--root`): its PIDs are another PID namespace's (a host's /proc mounted into a container),
 * and the same number here may be another process. K signals the PID shown as gputop's own
 * namespace numbers it.
 */
export function signalsOffReason(
  options: { root: string | undefined; procRoot: string | undefined; fleet?: unknown },
  readOnly: boolean,
): string | null {
  if (readOnly) return "read-only: K sends no signals (--read-only)";
  if (options.fleet !== undefined) return "K sends no signals to other hosts (--hosts)";
  const procRoot = options.procRoot ??
    (options.root === undefined ? undefined : `${options.root}/proc`);
  if (procRoot !== undefined && procRoot.replace(/\/+/g, "/").replace(/\/$/, "") !== "/proc") {
    return "K is off with --proc-root or --root: those PIDs need not be this system's";
  }
  return null;
}

/**
 * `top --hosts`: the hosts polled concurrently each interval; the screen draws with what came
 * within most of the interval (fleet/fleet_source.ts), so a slow host does not hold it back.
 */
async function fleetSource(fleet: FleetOptions, ids: readonly string[] | null, intervalMs: number) {
  const [{ FleetSource }, { MAX_SNAPSHOT_BYTES }] = await Promise.all([
    import("../../fleet/fleet_source.ts"),
    import("../../fleet/read_hosts.ts"),
  ]);
  const client = fleet.caCerts === null
    ? undefined
    : Deno.createHttpClient({ caCerts: [fleet.caCerts] });
  return new FleetSource(fleet.targets, {
    timeoutMs: fleet.timeoutMs,
    token: fleet.token,
    maxBytes: MAX_SNAPSHOT_BYTES,
    ...(client === undefined ? {} : { client }),
    waitMs: Math.min(Math.round(intervalMs * 0.8), fleet.timeoutMs),
    ids,
    onClose: () => client?.close(),
  });
}
