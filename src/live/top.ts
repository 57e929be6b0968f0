/**
 * `gputop top`: the live view. Raw ANSI through the `Io` seam: the alternate screen, the
 * cursor hidden, stdin in raw mode. Keys are read on their own loop and redraw at once from
 * the latest reading, so they answer within a frame even while a reading is pending; the
 * sampler redraws after each reading, SIGWINCH after a resize.
 *
 * The terminal is always restored (raw mode off, cursor shown, main screen) on `q`/Ctrl-C,
 * on SIGINT/SIGTERM/SIGHUP, when stdin closes, when anything throws or a promise rejection is
 * left unhandled, and on process unload.
 */
import { EXIT_OK, EXIT_USAGE } from "../platform/exit_codes.ts";
import { idFilterOf } from "../session/filtered_source.ts";
import {
  exitCodeForStopSignal,
  STOP_SIGNALS,
  type StopSignal,
} from "../platform/signal_exit_code.ts";
import type { Io } from "../platform/io.ts";
import { errorMessage } from "../model/errors.ts";
import { renderLiveFrame } from "./live_frame.ts";
import { processViewport } from "./viewport.ts";
import { parseKeys } from "./keys.ts";
import { Sampler, type SnapshotSource } from "../session/sampler.ts";
import { applyKey, INITIAL_UI_STATE, type UiState } from "./ui_state.ts";

export interface TopOptions {
  intervalMs: number;
  color: boolean;
  version: string;
}

export const NOT_A_TERMINAL_MESSAGE =
  "gputop: top needs a terminal on stdin and stdout; for a stream of readings use 'gputop watch'\n";

const ENTER = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J";
const LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l";
const FALLBACK_SIZE = { columns: 80, rows: 24 };

/** Each line placed by absolute position, so nothing depends on the terminal's newline mode. */
export function frameToAnsi(lines: readonly string[]): string {
  return lines.map((line, i) => `\x1b[${i + 1};1H${line}`).join("");
}

export async function runTop(source: SnapshotSource, options: TopOptions, io: Io): Promise<number> {
  if (!io.stdoutIsTerminal || !io.stdinIsTerminal) {
    io.err(NOT_A_TERMINAL_MESSAGE);
    await source.close();
    return EXIT_USAGE;
  }
  const sampler = new Sampler(source, { intervalMs: options.intervalMs });
  let state: UiState = INITIAL_UI_STATE;
  let finish: (error: unknown) => void = () => {};
  let stoppedBy: StopSignal | null = null;
  const finished = new Promise<unknown>((resolve) => {
    finish = resolve;
  });

  const size = () => io.terminalSize() ?? FALLBACK_SIZE;
  const draw = () => {
    try {
      const snapshot = sampler.latest?.snapshot ?? null;
      const lines = renderLiveFrame(snapshot, size(), state, {
        idFilter: idFilterOf(source, snapshot),
        color: options.color,
        intervalMs: options.intervalMs,
        version: options.version,
        pending: sampler.pending,
        error: sampler.lastError,
      });
      io.out(frameToAnsi(lines));
    } catch (error) {
      finish(error);
    }
  };

  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    io.out(LEAVE);
    io.setRawMode(false);
  };

  const removers: (() => void)[] = [];
  // A rejection nobody handled (a backend bug) would end the process with the terminal still
  // raw; end the view first instead. `unload` covers an exit from anywhere else.
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    finish(event.reason ?? new Error("unhandled rejection"));
  };
  globalThis.addEventListener("unhandledrejection", onRejection);
  globalThis.addEventListener("unload", restore);
  removers.push(() => {
    globalThis.removeEventListener("unhandledrejection", onRejection);
    globalThis.removeEventListener("unload", restore);
  });
  try {
    io.setRawMode(true);
    io.out(ENTER);
    for (const signal of STOP_SIGNALS) {
      removers.push(io.onSignal(signal, () => {
        stoppedBy ??= signal;
        finish(null);
      }));
    }
    removers.push(io.onSignal("SIGWINCH", draw));
    removers.push(sampler.subscribe(draw));
    draw();
    sampler.start();
    void readKeys();
    const error = await finished;
    if (error !== null && error !== undefined) throw error;
    return stoppedBy === null ? EXIT_OK : exitCodeForStopSignal(stoppedBy);
  } finally {
    for (const remove of removers) remove();
    restore();
    await sampler.close();
  }

  async function readKeys(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of io.input()) {
        for (const key of parseKeys(decoder.decode(chunk, { stream: true }))) {
          const snapshot = sampler.latest?.snapshot ?? null;
          const viewport = processViewport(snapshot, size(), state);
          const result = applyKey(state, key, {
            deviceIndexes: (snapshot?.devices ?? []).map((d) => d.index).sort((a, b) => a - b),
            ...viewport,
          });
          state = result.state;
          if (result.quit) {
            finish(null);
            return;
          }
        }
        draw();
      }
      finish(null); // stdin closed: nobody can press q any more
    } catch (error) {
      finish(new Error(`reading keys: ${errorMessage(error)}`));
    }
  }
}
