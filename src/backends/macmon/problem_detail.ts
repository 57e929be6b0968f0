/**
 * What went wrong with macmon, as the status and one-line detail `gputop backends` shows: not
 * found (with how to install it), no sample in time, a failed start, an exit with its first
 * line of output, output that is not a sample. Details are clipped to 200 characters.
 */
import type { ProgramResult } from "../../platform/run_program.ts";
import { firstLine, type MacmonProgram } from "./macmon_program.ts";
import type { StreamProblem } from "./pipe_stream.ts";

const NOT_FOUND_HINT = "install it: brew install macmon";
const MAX_DETAIL_LENGTH = 200;

export interface MacmonProblem {
  status: "unavailable" | "error";
  detail: string;
}

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

function notFound(program: MacmonProgram): MacmonProblem {
  return {
    status: "unavailable",
    detail: program.explicit
      ? `macmon not found at ${program.path} (GPUTOP_MACMON)`
      : `macmon not found (${NOT_FOUND_HINT})`,
  };
}

export function noSampleInTime(program: MacmonProgram): MacmonProblem {
  return { status: "error", detail: `macmon gave no sample within ${program.timeoutMs} ms` };
}

export function badOutput(reason: string): MacmonProblem {
  return { status: "error", detail: clip(`macmon output: ${reason}`) };
}

/** A one-shot run that did not end with output to parse. */
export function runProblem(
  program: MacmonProgram,
  result: Exclude<ProgramResult, { kind: "ok" }>,
): MacmonProblem {
  switch (result.kind) {
    case "not-found":
      return notFound(program);
    case "timeout":
      return noSampleInTime(program);
    case "failed":
      return { status: "error", detail: clip(result.message) };
    case "exit": {
      const why = firstLine(result.stderr) ?? firstLine(result.stdout);
      return {
        status: "error",
        detail: clip(`macmon exited with code ${result.code}${why ? `: ${why}` : ""}`),
      };
    }
  }
}

/** What stopped a stream. */
export function streamProblem(program: MacmonProgram, problem: StreamProblem): MacmonProblem {
  switch (problem.kind) {
    case "not-found":
      return notFound(program);
    case "failed":
      return { status: "error", detail: clip(problem.message) };
    case "bad-output":
      return badOutput(problem.reason);
    case "exit": {
      const why = firstLine(problem.stderr);
      return {
        status: "error",
        detail: clip(`macmon exited with code ${problem.code}${why ? `: ${why}` : ""}`),
      };
    }
  }
}
