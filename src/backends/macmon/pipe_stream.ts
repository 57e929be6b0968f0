/**
 * `macmon -i MS pipe` run once as a stream for a continuous mode (watch, top, serve): one
 * child for the whole run, in a process group of its own, printing one JSON line per
 * interval. Only the newest sample is kept; a partial line is capped (MAX_LINE_BYTES) and
 * stderr keeps a short tail, so memory stays bounded however long it runs. A child that dies
 * is restarted (after RESTART_DELAY_MS); `close()` kills the whole group, and after it
 * nothing starts. The group is also killed if gputop exits or stops without closing it
 * (live_process_groups.ts), and no child starts once gputop is stopping.
 */
import { killProcessGroup } from "../../platform/process_group.ts";
import { trackStreamGroup, untrackGroup } from "../../platform/live_process_groups.ts";
import { spawnGroup, STOPPING_REASON } from "../../platform/spawn_group.ts";
import { type MacmonSample, parseMacmonLine } from "./parse_sample.ts";

/** A longer line is not macmon's; it is dropped rather than buffered. */
export const MAX_LINE_BYTES = 64 * 1024;
const MAX_STDERR_BYTES = 2 * 1024;
export const RESTART_DELAY_MS = 1_000;

export interface StreamSample {
  sample: MacmonSample;
  timestampMs: number;
  /** Increases with every sample received. */
  sequence: number;
}

/** Why there is no sample: the child could not start, or it exited. */
export type StreamProblem =
  | { kind: "not-found" }
  | { kind: "failed"; message: string }
  | { kind: "exit"; code: number; stderr: string }
  | { kind: "bad-output"; reason: string };

export class MacmonPipeStream {
  readonly #program: string;
  readonly #args: readonly string[];
  #child: Deno.ChildProcess | null = null;
  #latest: StreamSample | null = null;
  #problem: StreamProblem | null = null;
  #waiters: (() => void)[] = [];
  #closed = false;
  #restartTimer: ReturnType<typeof setTimeout> | null = null;
  #done: Promise<void> = Promise.resolve();
  #starts = 0;
  #sequence = 0;

  constructor(program: string, args: readonly string[]) {
    this.#program = program;
    this.#args = args;
  }

  /** How many times the child was spawned. */
  get starts(): number {
    return this.#starts;
  }

  get latest(): StreamSample | null {
    return this.#latest;
  }

  /** Why the last child gave nothing (null while it is fine). */
  get problem(): StreamProblem | null {
    return this.#problem;
  }

  start(): void {
    if (this.#closed || this.#child !== null) return;
    this.#starts++;
    const child = spawnGroup(this.#program, this.#args);
    if ("kind" in child) {
      this.#problem = child.kind === "not-found" ? child : {
        kind: "failed",
        message: child.kind === "failed" ? child.reason : STOPPING_REASON,
      };
      this.#wake();
      return;
    }
    trackStreamGroup(child.pid);
    this.#child = child;
    this.#done = this.#run(child);
  }

  /**
   * Resolves when a sample newer than `afterSequence` arrives, the child fails, or `ms` pass;
   * at once when the stream is closed or its child could not start (nothing will come).
   */
  waitForSample(afterSequence: number, ms: number): Promise<void> {
    if ((this.#latest?.sequence ?? 0) > afterSequence || this.#closed) return Promise.resolve();
    if (this.#child === null && this.#restartTimer === null && this.#problem !== null) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiter = () => done();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#waiters.push(waiter);
    });
  }

  /** Kills the child's whole group; resolves once its output is drained. */
  close(): Promise<void> {
    this.#closed = true;
    if (this.#restartTimer !== null) clearTimeout(this.#restartTimer);
    this.#restartTimer = null;
    const child = this.#child;
    if (child !== null) killProcessGroup(child.pid, "SIGKILL");
    this.#wake();
    return this.#done;
  }

  async #run(child: Deno.ChildProcess): Promise<void> {
    const stderr = this.#collectStderr(child.stderr);
    let badLine: string | null = null;
    try {
      await this.#readLines(child.stdout, (line) => {
        const parsed = parseMacmonLine(line);
        if (!parsed.ok) {
          badLine = parsed.reason;
          return;
        }
        this.#problem = null;
        this.#latest = {
          sample: parsed.sample,
          timestampMs: Date.now(),
          sequence: ++this.#sequence,
        };
        this.#wake();
      });
    } catch {
      // The pipe broke (the child was killed): handled as an exit below.
    }
    const status = await child.status.catch(() => ({ code: -1 }));
    // The program is done: what it left in its group goes with it.
    killProcessGroup(child.pid);
    untrackGroup(child.pid);
    const tail = await stderr;
    this.#child = null;
    if (this.#closed) return;
    this.#problem = badLine !== null && this.#latest === null
      ? { kind: "bad-output", reason: badLine }
      : { kind: "exit", code: status.code, stderr: tail };
    this.#wake();
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = null;
      this.start();
    }, RESTART_DELAY_MS);
  }

  async #readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void) {
    const decoder = new TextDecoder();
    let pending = "";
    let skipping = false;
    for await (const chunk of stream) {
      pending += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (!skipping && line.trim() !== "") onLine(line);
        skipping = false;
      }
      if (pending.length > MAX_LINE_BYTES) {
        pending = "";
        skipping = true;
      }
    }
    if (!skipping && pending.trim() !== "") onLine(pending);
  }

  async #collectStderr(stream: ReadableStream<Uint8Array>): Promise<string> {
    const decoder = new TextDecoder();
    let tail = "";
    try {
      for await (const chunk of stream) {
        tail = (tail + decoder.decode(chunk, { stream: true })).slice(-MAX_STDERR_BYTES);
      }
    } catch {
      // killed
    }
    return tail;
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter();
  }
}
