/**
 * The exit code of a long-running view (top, serve) stopped by a signal: 128 + its number, as
 * watch and the one-shot commands exit and as a shell reports a process the signal ended, so
 * that a supervisor can tell a stop by signal apart from a normal end.
 */
import { exitCodeForSignal } from "./stop_signals.ts";

export type StopSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

export const STOP_SIGNALS: readonly StopSignal[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
export function exitCodeForStopSignal(signal: StopSignal): number {
  return exitCodeForSignal(signal);
}
