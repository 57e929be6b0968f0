/**
 * What Enter and K do to the `top` screen's state: open or close the detail panel of the
 * chosen process, and ask before a signal goes to it (SIGTERM first; K again on a process
 * still in the reading after SIGTERM offers SIGKILL). Pure: the controller sends the signal
 * (`process_signal.ts`) and hands back its one-line outcome.
 */
import type { GpuProcess } from "../model/types.ts";
import { UNKNOWN_TEXT } from "./unknown_text.ts";
import { processKey, rowKey, scrollShowing, selectedIndex, type Selection } from "./selection.ts";

export type OfferedSignal = "SIGTERM" | "SIGKILL";

export interface SignalPrompt {
  pid: number;
  /** The process's name as the prompt shows it. */
  name: string;
  processKey: string;
  /** The process's start time in the reading: checked again before the signal leaves. */
  startTime: string | null;
  signal: OfferedSignal;
}

/** The part of the UI state these actions change. */
export interface ActionState {
  selection: Selection | null;
  scroll: number;
  /** `processKey` of the process whose detail panel is open; null when closed. */
  detail: string | null;
  /** The question on the status bar while K waits for y. */
  prompt: SignalPrompt | null;
  /** One line on the status bar until the next key (a signal's outcome, why K is off). */
  message: string | null;
  /** `processKey` of the process SIGTERM last went to: K on it again offers SIGKILL. */
  terminated: string | null;
}

export interface ActionContext {
  /** The table's rows, in order (after the device filter and `/`). */
  rows: readonly GpuProcess[];
  pageRows: number;
  /** Every process of the reading (the panel's process may be filtered out of the rows). */
  processes: readonly GpuProcess[];
  /** Why K sends nothing here (`--read-only`, a replay); null or absent when it may. */
  signalsOff?: string | null;
}

/** A process's name for the prompt: its name, else its command's first word. */
export function shortName(process: GpuProcess): string {
  return process.name ?? process.command?.split(" ")[0] ?? UNKNOWN_TEXT;
}

/** Enter: the panel of the chosen row (the first row shown when none is chosen), or closed. */
export function toggleDetail<S extends ActionState>(state: S, context: ActionContext): S {
  if (state.detail !== null) return { ...state, detail: null };
  const { rows, pageRows } = context;
  const chosen = selectedIndex(state.selection, rows);
  const index = chosen ?? scrollShowing(state.scroll, null, pageRows, rows.length);
  const row = rows[index];
  if (row === undefined) return { ...state, message: "no process to show" };
  return { ...state, detail: processKey(row), selection: { key: rowKey(row), index } };
}

/** The process K acts on: the panel's, else the highlighted row's; null when none. */
function targetOf(state: ActionState, context: ActionContext): GpuProcess | null {
  if (state.detail !== null) {
    return context.processes.find((p) => processKey(p) === state.detail) ?? null;
  }
  const index = selectedIndex(state.selection, context.rows);
  return index === null ? null : context.rows[index] ?? null;
}

/** K: the question on the status bar, or why nothing will be sent. */
export function askSignal<S extends ActionState>(state: S, context: ActionContext): S {
  if (context.signalsOff) return { ...state, message: context.signalsOff };
  const target = targetOf(state, context);
  if (target === null) {
    const why = state.detail === null
      ? "K: choose a process first (↑ ↓ or j k)"
      : "K: the process is no longer in the reading";
    return { ...state, message: why };
  }
  const key = processKey(target);
  const signal: OfferedSignal = state.terminated === key ? "SIGKILL" : "SIGTERM";
  return {
    ...state,
    prompt: {
      pid: target.pid,
      name: shortName(target),
      processKey: key,
      startTime: target.startTime,
      signal,
    },
  };
}

/**
 * The answer to the prompt: y sends (through `send`, which says how it went), anything else
 * does not. After SIGTERM the same process is remembered, so K on it again offers SIGKILL.
 */
export function answerPrompt<S extends ActionState>(
  state: S,
  yes: boolean,
  send: (prompt: SignalPrompt) => { message: string; sent: boolean },
): S {
  const prompt = state.prompt;
  if (prompt === null) return state;
  if (!yes) return { ...state, prompt: null, message: `${prompt.signal} not sent` };
  const outcome = send(prompt);
  const terminated = outcome.sent && prompt.signal === "SIGTERM"
    ? prompt.processKey
    : state.terminated;
  return { ...state, prompt: null, message: outcome.message, terminated };
}
