/**
 * What the user chose in the live view, and how each key changes it. Pure: the controller
 * keeps the state and redraws after each change.
 */
import type { Key } from "./keys.ts";

export const SORT_ORDERS = ["memory", "utilization", "pid"] as const;
export type SortOrder = typeof SORT_ORDERS[number];

export interface UiState {
  sort: SortOrder;
  /** Show only this device's processes and block; null for every device. */
  deviceFilter: number | null;
  /** First process row shown. */
  scroll: number;
  help: boolean;
}

export const INITIAL_UI_STATE: UiState = {
  sort: "memory",
  deviceFilter: null,
  scroll: 0,
  help: false,
};

export interface KeyContext {
  /** Device indexes in the latest reading, ascending. */
  deviceIndexes: readonly number[];
  /** How many process rows fit on screen. */
  pageRows: number;
  /** How many process rows there are (after the filter). */
  totalRows: number;
}

export interface KeyResult {
  state: UiState;
  quit: boolean;
}

/** The next device filter: all → first device → … → last device → all. */
export function nextDeviceFilter(
  current: number | null,
  indexes: readonly number[],
): number | null {
  if (indexes.length === 0) return null;
  if (current === null) return indexes[0] ?? null;
  const at = indexes.indexOf(current);
  if (at < 0 || at + 1 >= indexes.length) return null;
  return indexes[at + 1] ?? null;
}

export function clampScroll(scroll: number, context: KeyContext): number {
  const max = Math.max(0, context.totalRows - Math.max(1, context.pageRows));
  return Math.min(Math.max(0, scroll), max);
}

export function applyKey(state: UiState, key: Key, context: KeyContext): KeyResult {
  const page = Math.max(1, context.pageRows);
  const scrolled = (scroll: number) => ({
    state: { ...state, scroll: clampScroll(scroll, context) },
    quit: false,
  });
  switch (key) {
    case "quit":
      return { state, quit: true };
    case "sort": {
      const next = SORT_ORDERS[(SORT_ORDERS.indexOf(state.sort) + 1) % SORT_ORDERS.length];
      return { state: { ...state, sort: next ?? "memory", scroll: 0 }, quit: false };
    }
    case "filter":
      return {
        state: {
          ...state,
          deviceFilter: nextDeviceFilter(state.deviceFilter, context.deviceIndexes),
          scroll: 0,
        },
        quit: false,
      };
    case "help":
      return { state: { ...state, help: !state.help }, quit: false };
    case "escape":
      return { state: { ...state, help: false }, quit: false };
    case "up":
      return scrolled(state.scroll - 1);
    case "down":
      return scrolled(state.scroll + 1);
    case "page-up":
      return scrolled(state.scroll - page);
    case "page-down":
      return scrolled(state.scroll + page);
    case "home":
      return scrolled(0);
    case "end":
      return scrolled(context.totalRows);
  }
}
