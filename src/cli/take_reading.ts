/**
 * The reading that snapshot, ps and fit show: the chosen backends, sampled, filtered by --id;
 * with `--hosts`, the hosts' readings merged (read_fleet.ts).
 * A SIGINT / SIGTERM during it closes the session first and is reported as `interrupted`.
 */
import type { Snapshot } from "../model/types.ts";
import type { CliOptions } from "./cli_options.ts";
import { readOnce, withOneShotSession } from "./one_shot_session.ts";
import { exitCodeForSignal } from "../platform/stop_signals.ts";
import { sessionOptionsOf } from "./session_options.ts";

export type ReadingResult =
  | { ok: true; snapshot: Snapshot }
  | { ok: false; message: string }
  /** Stopped by a signal; the command exits with `exitCode` and prints nothing. */
  | { ok: false; interrupted: true; exitCode: number };

/** The unfiltered reading, or the exit code of the signal that stopped it. */
export async function readForCli(
  options: CliOptions,
  env: (name: string) => string | undefined,
): Promise<{ snapshot: Snapshot } | { exitCode: number }> {
  const outcome = await withOneShotSession(
    sessionOptionsOf(options, env),
    (session, signal) => readOnce(session, options.sampleWindowMs, signal),
  );
  if (outcome.interrupted) return { exitCode: exitCodeForSignal(outcome.signal) };
  // readOnce gives null only once the signal came, and then the outcome is `interrupted`.
  if (outcome.value === null) throw new Error("reading ended without a snapshot");
  return { snapshot: outcome.value };
}

export async function takeReading(
  options: CliOptions,
  env: (name: string) => string | undefined,
): Promise<ReadingResult> {
  if (options.fleet !== undefined) {
    // Only `--hosts` reads a fleet: a local reading does not load even this module.
    const { readFleet } = await import("./read_fleet.ts");
    const { snapshot, unmatched } = await readFleet(options.fleet, options.ids);
    if (unmatched.length > 0) {
      const { unmatchedIdsMessage } = await import("../model/device_filter.ts");
      return { ok: false, message: unmatchedIdsMessage(snapshot, unmatched) };
    }
    return { ok: true, snapshot };
  }
  const reading = await readForCli(options, env);
  if ("exitCode" in reading) return { ok: false, interrupted: true, exitCode: reading.exitCode };
  const { snapshot } = reading;
  // `-i` only: the device filter (and the PCI address rules it reads) load when it is given.
  if (options.ids === null) return { ok: true, snapshot };
  const { filterDevices, unmatchedIdsMessage } = await import("../model/device_filter.ts");
  const filtered = filterDevices(snapshot, options.ids);
  if (filtered.unmatched.length > 0) {
    return { ok: false, message: unmatchedIdsMessage(snapshot, filtered.unmatched) };
  }
  return { ok: true, snapshot: filtered.snapshot };
}
