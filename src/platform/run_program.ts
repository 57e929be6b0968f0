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
 * - groups still running when gputop exits (normally, or on SIGINT/SIGTERM) are killed.
 */
import { groupedCommandOptions, killProcessGroup } from "./process_group.ts";

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
}

/**
 * How long, after the program exited and its group was killed, the pipes may stay open
 * (held by a process that left the group) before gputop stops waiting for them.
 */
const PIPE_GRACE_MS = 500;

/** Why a run stopped early: the timer fired or the output grew past the limit. */
type StopReason = "timeout" | "overflow";

export async function runProgram(
  program: string,
  args: readonly string[],
  options: RunProgramOptions,
): Promise<ProgramResult> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(
      program,
      groupedCommandOptions({
        args: [...args],
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
        ...(options.env ? { env: options.env } : {}),
      }),
    ).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { kind: "not-found", message: `${program}: not found` };
    }
    return { kind: "failed", message: `${program}: ${firstLineOf(error)}` };
  }
  liveGroups.add(child.pid);
  watchExit();

  const maxBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  let stop: (reason: StopReason) => void = () => {};
  const stopped = new Promise<StopReason>((resolve) => stop = resolve);
  const budget = { bytes: 0 };
  const onOverflow = () => stop("overflow");
  const stdout = collect(child.stdout, budget, maxBytes, onOverflow);
  const stderr = collect(child.stderr, budget, maxBytes, onOverflow);
  const timer = setTimeout(() => stop("timeout"), timerDelayMs(options.timeoutMs));

  try {
    const finished = (async () => {
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
    })();
    // Lost the race to the timer: its late settling must not become an unhandled rejection.
    finished.catch(() => undefined);
    const outcome = await Promise.race([finished, stopped]);
    if (typeof outcome === "string") {
      killProcessGroup(child.pid);
      await Promise.all([stdout.abandon(), stderr.abandon()]);
      // A program stuck in the kernel (a hung driver ioctl) dies only when the call returns:
      // do not wait for that, and do not let it keep gputop running.
      if (!await settlesWithin(child.status, PIPE_GRACE_MS)) child.unref();
      if (outcome === "timeout") {
        return { kind: "timeout", message: `${program}: no answer within ${options.timeoutMs} ms` };
      }
      return {
        kind: "failed",
        message: `${program}: output larger than ${formatMiB(maxBytes)}; stopped it`,
      };
    }
    const decoder = new TextDecoder();
    const out = decoder.decode(outcome.out);
    const err = decoder.decode(outcome.err);
    if (outcome.status.code !== 0) {
      return { kind: "exit", code: outcome.status.code, stdout: out, stderr: err };
    }
    return { kind: "ok", stdout: out, stderr: err };
  } catch (error) {
    killProcessGroup(child.pid);
    return { kind: "failed", message: `${program}: ${firstLineOf(error)}` };
  } finally {
    clearTimeout(timer);
    liveGroups.delete(child.pid);
    unwatchExitWhenIdle();
  }
}

interface Collector {
  /** The bytes read, once the stream ended (or was abandoned). */
  done: Promise<Uint8Array>;
  /** Stops reading now and releases the pipe; `done` then settles with what was read. */
  abandon(): Promise<void>;
}

/** Reads `stream` to its end, counting into the shared `budget`; past `maxBytes` calls `overflow`. */
function collect(
  stream: ReadableStream<Uint8Array>,
  budget: { bytes: number },
  maxBytes: number,
  overflow: () => void,
): Collector {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const done = (async () => {
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) break;
        budget.bytes += value.byteLength;
        if (budget.bytes > maxBytes) {
          overflow();
          break;
        }
        chunks.push(value);
        size += value.byteLength;
      }
    } catch {
      // Cancelled or the pipe broke: what was read so far is all there is.
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return bytes;
  })();
  return {
    done,
    abandon: async () => {
      await reader.cancel().catch(() => undefined);
      await done;
    },
  };
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

function firstLineOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

// ---------------------------------------------------------------------------------------
// Groups still running when gputop ends. A child in its own session does not get the
// terminal's Ctrl-C, so gputop kills the groups itself: at normal exit ("unload") and on
// SIGINT/SIGTERM. The listeners exist only while a child runs, and a signal is handled by
// killing the groups, removing these listeners and raising the same signal again: gputop
// then ends exactly as it would have without them (or another listener of its own decides),
// and importing this module changes nothing.

const liveGroups = new Set<number>();
const EXIT_SIGNALS: readonly Deno.Signal[] = ["SIGINT", "SIGTERM"];
let watching = false;
const signalHandlers = new Map<Deno.Signal, () => void>();

function killLiveGroups(): void {
  for (const pid of liveGroups) killProcessGroup(pid);
  liveGroups.clear();
}

function watchExit(): void {
  if (watching) return;
  watching = true;
  globalThis.addEventListener("unload", killLiveGroups);
  if (Deno.build.os === "windows") return;
  for (const signal of EXIT_SIGNALS) {
    const handler = () => {
      killLiveGroups();
      unwatchExit();
      Deno.kill(Deno.pid, signal);
    };
    try {
      Deno.addSignalListener(signal, handler);
      signalHandlers.set(signal, handler);
    } catch {
      // No signal support here (a restricted runtime): exit still kills via "unload".
    }
  }
}

function unwatchExitWhenIdle(): void {
  if (liveGroups.size === 0) unwatchExit();
}

function unwatchExit(): void {
  if (!watching) return;
  watching = false;
  globalThis.removeEventListener("unload", killLiveGroups);
  for (const [signal, handler] of signalHandlers) {
    try {
      Deno.removeSignalListener(signal, handler);
    } catch {
      // Already gone.
    }
  }
  signalHandlers.clear();
}
