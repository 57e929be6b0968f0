/**
 * `gputop top`: the live view. Raw ANSI through the `Io` seam: the alternate screen, the
 * cursor hidden, stdin in raw mode. Keys are read on their own loop and redraw at once from
 * the latest reading, so they answer within a frame even while a reading is pending; the
 * sampler redraws after each reading, SIGWINCH after a resize.
 *
 * K's question is answered here: `y` sends the signal (`process_signal.ts`, the pid's start
 * time checked in /proc first), any other key sends nothing; every other key is a pure change
 * of the UI state (`ui_state.ts`, `process_actions.ts`).
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
import type { Io, TerminalSize } from "../platform/io.ts";
import { errorMessage } from "../model/errors.ts";
import { renderLiveFrame } from "./live_frame.ts";
import { chartLines, processViewport, visibleReading } from "./viewport.ts";
import { History, historyCapacityFor } from "./history.ts";
import type { Snapshot } from "../model/types.ts";
import { offeredSortOrders } from "./process_order.ts";
import { inputTokens, type Key, keyOfToken } from "./keys.ts";
import { PausableSource } from "./pausable_source.ts";
import { REPLAY_TICK_MS, type ReplayPlayer } from "./replay_player.ts";
import { applySearchToken } from "./search_input.ts";
import { Sampler, type SnapshotSource } from "../session/sampler.ts";
import { applyKey, INITIAL_UI_STATE, type UiState } from "./ui_state.ts";
import { answerPrompt } from "./process_actions.ts";
import { ProcessHistory } from "./process_history.ts";
import { sendSignal, type SignalSeams } from "./process_signal.ts";
import { processStartTime } from "../session/process_start_time.ts";

export interface TopOptions {
  intervalMs: number;
  color: boolean;
  version: string;
  /** Block cells for the charts; false when the locale is not UTF-8. */
  unicode: boolean;
  /** Set for `top --replay`: the source is this player, and the replay keys drive it. */
  replay?: ReplayPlayer;
  /** Why K sends no signal (`--read-only`, a replay, another /proc); absent when it may. */
  signalsOff?: string | null;
  /** How K's signal is sent and the pid checked (tests); `Deno.kill` and /proc by default. */
  signalSeams?: SignalSeams;
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
  return await new TopScreen(source, options, io).run();
}

/** One run of the live view: the sampler, the UI state and the terminal it owns. */
class TopScreen {
  readonly #source: SnapshotSource;
  readonly #options: TopOptions;
  readonly #io: Io;
  readonly #sampler: Sampler;
  readonly #pausable: PausableSource;
  #state: UiState = INITIAL_UI_STATE;
  #finish: (error: unknown) => void = () => {};
  #stoppedBy: StopSignal | null = null;
  readonly #finished: Promise<unknown>;
  #restored = false;
  readonly #removers: (() => void)[] = [];
  readonly #history = new History(historyCapacityFor(FALLBACK_SIZE.columns));
  readonly #processHistory = new ProcessHistory(historyCapacityFor(FALLBACK_SIZE.columns));
  #historyHas: Snapshot | null = null;

  constructor(source: SnapshotSource, options: TopOptions, io: Io) {
    this.#source = source;
    this.#options = options;
    this.#io = io;
    this.#pausable = new PausableSource(source);
    this.#sampler = new Sampler(this.#pausable, {
      intervalMs: options.replay ? REPLAY_TICK_MS : options.intervalMs,
    });
    this.#finished = new Promise<unknown>((resolve) => {
      this.#finish = resolve;
    });
  }

  /** Takes the terminal, runs until a quit, a stop signal or an error, and gives it back. */
  async run(): Promise<number> {
    const io = this.#io;
    this.#guardProcess();
    try {
      io.setRawMode(true);
      io.out(ENTER);
      for (const signal of STOP_SIGNALS) {
        this.#removers.push(io.onSignal(signal, () => {
          this.#stoppedBy ??= signal;
          this.#finish(null);
        }));
      }
      this.#removers.push(io.onSignal("SIGWINCH", this.#draw));
      this.#removers.push(this.#sampler.subscribe(this.#record));
      this.#removers.push(this.#sampler.subscribe(this.#draw));
      this.#draw();
      this.#sampler.start();
      void this.#readKeys();
      const error = await this.#finished;
      if (error !== null && error !== undefined) throw error;
      return this.#stoppedBy === null ? EXIT_OK : exitCodeForStopSignal(this.#stoppedBy);
    } finally {
      for (const remove of this.#removers) remove();
      this.#restore();
      await this.#sampler.close();
    }
  }

  /**
   * A rejection nobody handled (a backend bug) would end the process with the terminal still
   * raw; end the view first instead. `unload` covers an exit from anywhere else.
   */
  #guardProcess(): void {
    const onRejection = (event: PromiseRejectionEvent) => {
      event.preventDefault();
      this.#finish(event.reason ?? new Error("unhandled rejection"));
    };
    globalThis.addEventListener("unhandledrejection", onRejection);
    globalThis.addEventListener("unload", this.#restore);
    this.#removers.push(() => {
      globalThis.removeEventListener("unhandledrejection", onRejection);
      globalThis.removeEventListener("unload", this.#restore);
    });
  }

  #size(): TerminalSize {
    return this.#io.terminalSize() ?? FALLBACK_SIZE;
  }

  /** Each new reading goes into the history once (the sampler also calls back on errors). */
  readonly #record = (): void => {
    const snapshot = this.#sampler.latest?.snapshot ?? null;
    if (snapshot === null || snapshot === this.#historyHas) return;
    this.#historyHas = snapshot;
    this.#history.push(snapshot);
    this.#processHistory.push(snapshot);
  };

  /** The reading on screen: a replay's current one shows at once after a step. */
  #shown(): Snapshot | null {
    return this.#options.replay?.current ?? this.#sampler.latest?.snapshot ?? null;
  }

  readonly #draw = (): void => {
    try {
      const snapshot = this.#shown();
      const size = this.#size();
      this.#history.resize(historyCapacityFor(size.columns));
      this.#processHistory.resize(historyCapacityFor(size.columns));
      const lines = renderLiveFrame(snapshot, size, this.#state, {
        idFilter: idFilterOf(this.#source, snapshot),
        color: this.#options.color,
        intervalMs: this.#options.intervalMs,
        version: this.#options.version,
        pending: this.#sampler.pending,
        error: this.#sampler.lastError,
        history: this.#history,
        processHistory: this.#processHistory,
        unicode: this.#options.unicode,
        ...(this.#options.replay ? { replay: this.#options.replay.status() } : {}),
      });
      this.#io.out(frameToAnsi(lines));
    } catch (error) {
      this.#finish(error);
    }
  };

  readonly #restore = (): void => {
    if (this.#restored) return;
    this.#restored = true;
    this.#io.out(LEAVE);
    this.#io.setRawMode(false);
  };

  async #readKeys(): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of this.#io.input()) {
        for (const token of inputTokens(decoder.decode(chunk, { stream: true }))) {
          if (this.#applyToken(token)) return;
        }
        this.#draw();
      }
      this.#finish(null); // stdin closed: nobody can press q any more
    } catch (error) {
      this.#finish(new Error(`reading keys: ${errorMessage(error)}`));
    }
  }

  /**
   * One token of input: K's answer while it asks, text while the filter is typed, else a
   * key; true when it quits.
   */
  #applyToken(token: string): boolean {
    if (this.#state.prompt !== null && token !== "\x03") {
      const yes = token === "y" || token === "Y";
      const seams = { startTimeNow: processStartTime, ...this.#options.signalSeams };
      this.#state = answerPrompt(
        this.#state,
        yes,
        (prompt) => sendSignal(prompt, prompt.signal, seams),
      );
      return false;
    }
    if (this.#options.replay && !this.#state.editing && token === " ") {
      this.#options.replay.togglePlaying();
      return false;
    }
    if (this.#state.editing && token !== "\x03") {
      this.#state = applySearchToken(this.#state, token);
      return false;
    }
    const key = keyOfToken(token);
    return key === null ? false : this.#applyKey(key);
  }

  /** ← → step a replay (the history refilled up to the reading shown), + - its speed. */
  #applyReplayKey(key: Key, replay: ReplayPlayer): void {
    if (key === "faster" || key === "slower") replay.changeSpeed(key === "faster" ? 1 : -1);
    if (key !== "left" && key !== "right") return;
    replay.step(key === "left" ? -1 : 1);
    this.#history.clear();
    this.#processHistory.clear();
    for (const snapshot of replay.upToCurrent(this.#history.capacity)) {
      this.#history.push(snapshot);
      this.#processHistory.push(snapshot);
    }
    this.#historyHas = replay.current;
  }

  /** Applies one key to the UI state; true when it quits the view. */
  #applyKey(key: Key): boolean {
    if (this.#options.replay) this.#applyReplayKey(key, this.#options.replay);
    const snapshot = this.#shown();
    const size = this.#size();
    const devices = snapshot === null ? [] : visibleReading(snapshot, this.#state).devices;
    const charts = chartLines(devices, size, this.#state, {
      history: this.#history,
      unicode: this.#options.unicode,
      intervalMs: this.#options.intervalMs,
    });
    const viewport = processViewport(snapshot, size, this.#state, charts.length);
    const result = applyKey(this.#state, key, {
      deviceIndexes: (snapshot?.devices ?? []).map((d) => d.index).sort((a, b) => a - b),
      ...viewport,
      sortOrders: offeredSortOrders(snapshot?.processes ?? []),
      rows: snapshot === null ? [] : visibleReading(snapshot, this.#state).processes,
      processes: snapshot?.processes ?? [],
      signalsOff: this.#options.signalsOff ?? null,
    });
    this.#state = result.state;
    this.#pausable.paused = result.state.paused;
    if (result.quit) this.#finish(null);
    return result.quit;
  }
}
