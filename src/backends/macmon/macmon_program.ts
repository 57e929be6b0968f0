/**
 * How gputop runs macmon: which program (`GPUTOP_MACMON`, default `macmon` on PATH), how long
 * a run may take (`GPUTOP_MACMON_TIMEOUT_MS`), the arguments of a one-shot run and of a
 * stream, and what macmon says of itself (`--version`, a refused `--soc-info`). Why the flags
 * are what they are is in backend.ts.
 */
import {
  DEFAULT_MACMON_TIMEOUT_MS,
  MACMON_TIMEOUT_VARIABLE,
  readMacmonTimeout,
} from "../../model/macmon_timeout.ts";
import type { ProgramResult } from "../../platform/run_program.ts";
import type { StreamProblem } from "./pipe_stream.ts";

export { DEFAULT_MACMON_TIMEOUT_MS } from "../../model/macmon_timeout.ts";
/** Sample window passed as `-i`, in milliseconds. */
export const MACMON_INTERVAL_MS = 200;
export const NO_SOC_INFO_DETAIL = "this macmon has no --soc-info (before 0.6.1): chip name unknown";

export interface MacmonProgram {
  path: string;
  /** Named by `GPUTOP_MACMON` (then "not found" names the path). */
  explicit: boolean;
  /** Bound of each run, and of the wait for a stream's first sample. */
  timeoutMs: number;
}

export function macmonProgramOf(env: (name: string) => string | undefined): MacmonProgram {
  const configured = env("GPUTOP_MACMON")?.trim();
  const explicit = configured !== undefined && configured !== "";
  return {
    path: explicit ? configured as string : "macmon",
    explicit,
    timeoutMs: parseTimeout(env(MACMON_TIMEOUT_VARIABLE)),
  };
}

/** One sample, then exit: `macmon -i 200 pipe -s 1 [--soc-info]`. */
export function oneShotArgs(withSocInfo: boolean): string[] {
  const args = ["-i", String(MACMON_INTERVAL_MS), "pipe", "-s", "1"];
  if (withSocInfo) args.push("--soc-info");
  return args;
}

/** A sample every `intervalMs` until stopped: `macmon -i INTERVAL pipe [--soc-info]`. */
export function streamArgs(intervalMs: number, withSocInfo: boolean): string[] {
  const args = ["-i", String(intervalMs), "pipe"];
  if (withSocInfo) args.push("--soc-info");
  return args;
}

/** clap's answer to a flag it does not know: exit 2, stderr names the flag. */
export function rejectsSocInfo(result: ProgramResult | StreamProblem | null): boolean {
  return result?.kind === "exit" && result.code === 2 && result.stderr.includes("--soc-info");
}

/**
 * `GPUTOP_MACMON_TIMEOUT_MS` as `readMacmonTimeout` reads it. The CLI refuses a bad value
 * before macmon runs; a library caller's bad value falls back to the default.
 */
export function parseTimeout(text: string | undefined): number {
  const timeout = readMacmonTimeout(text);
  return timeout.ok ? timeout.ms : DEFAULT_MACMON_TIMEOUT_MS;
}

/**
 * `macmon 0.8.2` (clap's `--version`) → `0.8.2`; a bare version (`0.8.2`, `v0.8.2-rc1`) as
 * is; anything else (a wrapper's banner, binary garbage) is no version: null, never the
 * program's bytes in the version column.
 */
export function parseVersion(stdout: string): string | null {
  const line = firstLine(stdout);
  if (line === null) return null;
  const version = /^(?:macmon\s+)?(v?\d{1,6}(?:\.\d{1,6}){0,3}(?:[-+][0-9A-Za-z.-]{1,32})?)$/i.exec(
    line,
  );
  return version?.[1] ?? null;
}

/** The first line of `text` that is not blank, trimmed; null when there is none. */
export function firstLine(text: string): string | null {
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed !== "") return trimmed;
  }
  return null;
}
