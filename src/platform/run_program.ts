/**
 * Runs an external program (macmon, nvidia-smi) with a timeout and turns every way it can
 * go wrong into data: not found, not permitted, timed out, too much output, or exited
 * non-zero.
 *
 * The program is often a wrapper script, and a script's children inherit its pipes: waiting
 * for the pipes to close would wait for every one of them. So the child runs in a process
 * group of its own (see process_group.ts) and:
 * - on timeout the whole group is killed and the pipes are abandoned at once; the program's
 *   exit is awaited at most `PIPE_GRACE_MS` (one stuck in a driver call dies only when the call
 *   returns), so the run ends within the timeout plus half a second;
 * - when the program itself exits, whatever it left running in its group is killed, then the
 *   output already written is read to its end; a process that left the group and still holds
 *   a pipe is waited for only `PIPE_GRACE_MS`;
 * - captured output is bounded (`DEFAULT_MAX_OUTPUT_BYTES` for stdout and stderr together);
 *   beyond it the group is killed and the run fails with a message saying so;
 * - groups still running when gputop exits (normally, or on SIGINT/SIGTERM/SIGHUP) are killed
 *   (live_process_groups.ts), and once gputop is stopping no program starts;
 * - the caller's `signal` (a backend's close) kills the group at once and ends the run.
 */
import { collect, type Collector } from "./collect_output.ts";
import { trackGroup, untrackGroup } from "./live_process_groups.ts";
import { killProcessGroup } from "./process_group.ts";
import { firstLineOf, type SpawnFailure, spawnGroup, STOPPING_REASON } from "./spawn_group.ts";

export type ProgramResult =
  | { kind: "ok"; stdout: string; stderr: string }
  | { kind: "exit"; code: number; stdout: string; stderr: string }
  | { kind: "not-found"; message: string }
  | { kind: "timeout"; message: string }
  | { kind: "failed"; message: string };

/** 16 MiB: far beyond any nvidia-smi or macmon answer, small enough to hold in memory. */
export const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export interface RunProgramOptions {
  timeoutMs: number;
  env?: Record<string, string>;
  /** Limit on stdout and stderr together (default `DEFAULT_MAX_OUTPUT_BYTES`). */
  maxOutputBytes?: number;
  /**
   * Aborted by the program's owner when it closes: a run not yet started does not start,
   * one in flight has its group killed and ends at once ("failed", "stopped").
   */
  signal?: AbortSignal;
}

/**
 * How long, after the program exited and its group was killed, the pipes may stay open
 * (held by a process that left the group) before gputop stops waiting for them.
 */
const PIPE_GRACE_MS = 500;

/** Why a run stopped early: its timer, its output past the limit, or its owner closing. */
type StopReason = "timeout" | "overflow" | "stopped";

export async function runProgram(
  program: string,
  args: readonly string[],
  options: RunProgramOptions,
): Promise<ProgramResult> {
  if (options.signal?.aborted) return { kind: "failed", message: `${program}: not started` };
  const child = spawnGroup(program, args, options.env);
  if ("kind" in child) return spawnFailed(program, child);
  trackGroup(child.pid);

  const maxBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  let stop: (reason: StopReason) => void = () => {};
  const stopped = new Promise<StopReason>((resolve) => stop = resolve);
  const budget = { bytes: 0 };
  const onOverflow = () => stop("overflow");
  const output: Output = [
    collect(child.stdout, budget, maxBytes, onOverflow),
    collect(child.stderr, budget, maxBytes, onOverflow),
  ];
  const timer = setTimeout(() => stop("timeout"), timerDelayMs(options.timeoutMs));
  const onAbort = () => stop("stopped");
  options.signal?.addEventListener("abort", onAbort, { once: true });

  try {
    const finished = exitAndOutput(child, output);
    // Lost the race to the timer: its late settling must not become an unhandled rejection.
    finished.catch(() => undefined);
    const outcome = await Promise.race([finished, stopped]);
    if (typeof outcome === "string") {
      await stopGroup(child, output);
      if (outcome === "timeout") {
        return { kind: "timeout", message: `${program}: no answer within ${options.timeoutMs} ms` };
      }
      if (outcome === "stopped") return { kind: "failed", message: `${program}: stopped` };
      return {
        kind: "failed",
        message: `${program}: output larger than ${formatMiB(maxBytes)}; stopped it`,
      };
    }
    return exitResult(outcome);
  } catch (error) {
    killProcessGroup(child.pid);
    return { kind: "failed", message: `${program}: ${firstLineOf(error)}` };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    untrackGroup(child.pid);
  }
}

/** The collectors of stdout and stderr. */
type Output = readonly [Collector, Collector];

/** A program that did not start, as a result. */
function spawnFailed(program: string, failure: SpawnFailure): ProgramResult {
  switch (failure.kind) {
    case "not-found":
      return { kind: "not-found", message: `${program}: not found` };
    case "failed":
      return { kind: "failed", message: `${program}: ${failure.reason}` };
    case "stopping":
      return { kind: "failed", message: `${program}: ${STOPPING_REASON}` };
  }
}

/** The program's exit status and all it wrote, once it exited. */
async function exitAndOutput(
  child: Deno.ChildProcess,
  [stdout, stderr]: Output,
): Promise<{ status: Deno.CommandStatus; out: Uint8Array; err: Uint8Array }> {
  const status = await child.status;
  // The program is done: anything it left behind in its group goes with it.
  killProcessGroup(child.pid);
  // A process that left the group (its own setsid) may still hold the pipes: what was
  // written is read by now, so after a short grace stop waiting for an end-of-file.
  const closed = Promise.all([stdout.done, stderr.done]);
  if (!await settlesWithin(closed, PIPE_GRACE_MS)) {
    await Promise.all([stdout.abandon(), stderr.abandon()]);
  }
  const [out, err] = await closed;
  return { status, out, err };
}

/** Stopped early (timeout, overflow): the group is killed and its pipes abandoned. */
async function stopGroup(child: Deno.ChildProcess, [stdout, stderr]: Output): Promise<void> {
  killProcessGroup(child.pid);
  await Promise.all([stdout.abandon(), stderr.abandon()]);
  // A program stuck in the kernel (a hung driver ioctl) dies only when the call returns:
  // do not wait for that, and do not let it keep gputop running.
  if (!await settlesWithin(child.status, PIPE_GRACE_MS)) child.unref();
}

function exitResult(
  outcome: { status: Deno.CommandStatus; out: Uint8Array; err: Uint8Array },
): ProgramResult {
  const decoder = new TextDecoder();
  const out = decoder.decode(outcome.out);
  const err = decoder.decode(outcome.err);
  if (outcome.status.code !== 0) {
    return { kind: "exit", code: outcome.status.code, stdout: out, stderr: err };
  }
  return { kind: "ok", stdout: out, stderr: err };
}

/** Timers take at most 2^31 − 1 ms; a larger delay would fire at once, not (almost) never. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function timerDelayMs(timeoutMs: number): number {
  return Number.isFinite(timeoutMs) ? Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS) : MAX_TIMER_MS;
}

/** Whether `promise` settles within `ms` (it is not cancelled either way). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => timer = setTimeout(resolve, ms, false));
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}
