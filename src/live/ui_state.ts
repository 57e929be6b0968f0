/**
 * What the user chose in the live view, and how each key changes it. Pure: the controller
 * keeps the state and redraws after each change.
 */
import type { GpuProcess } from "../model/types.ts";
import { CHART_LAYOUTS, type ChartLayout } from "./chart_panel.ts";
import type { Key } from "./keys.ts";
import { type ActionState, askSignal, toggleDetail } from "./process_actions.ts";
import { moveSelection } from "./selection.ts";

/**
 * The process orders, in the order `s` steps through them. CPU%, START, CONTAINER and POD are
 * offered only while their column is on screen (some process has a value), so on a machine
 * without containers `s` goes memory → utilization → pid as it always did.
 */
export const SORT_ORDERS = [
  "memory",
  "utilization",
  "cpu",
  "start",
  "container",
  "pod",
  "pid",
] as const;
export type SortOrder = typeof SORT_ORDERS[number];

/** The orders always offered. */
export const BASIC_SORT_ORDERS: readonly SortOrder[] = ["memory", "utilization", "pid"];

export interface UiState extends ActionState {
  sort: SortOrder;
  /** Show only this device's processes and block; null for every device. */
  deviceFilter: number | null;
  help: boolean;
  /** How the history charts are laid out (`g` cycles). */
  charts: ChartLayout;
  /** The sort order turned round (`r`). */
  reverse: boolean;
  /** No new readings are taken or shown (`p`). */
  paused: boolean;
  /** Show only processes whose name, command, user, container, pod or PID holds this (`/`). */
  search: string;
  /** The search text is being typed: input is text until Enter or Esc. */
  editing: boolean;
}

export const INITIAL_UI_STATE: UiState = {
  sort: "memory",
  deviceFilter: null,
  scroll: 0,
  help: false,
  charts: "device",
  reverse: false,
  paused: false,
  search: "",
  editing: false,
  selection: null,
  detail: null,
  prompt: null,
  message: null,
  terminated: null,
};

export interface KeyContext {
  /** Device indexes in the latest reading, ascending. */
  deviceIndexes: readonly number[];
  /** How many process rows fit on screen. */
  pageRows: number;
  /** How many process rows there are (after the filter). */
  totalRows: number;
  /** The orders `s` steps through now (default `BASIC_SORT_ORDERS`). */
  sortOrders?: readonly SortOrder[];
  /** The table's rows in order, for the highlight (↑ ↓ j k PgUp PgDn Home End). */
  rows?: readonly GpuProcess[];
  /** Every process of the reading: the detail panel's may be filtered out of the rows. */
  processes?: readonly GpuProcess[];
  /** Why K sends no signal here (`--read-only`, a replay); absent when it may. */
  signalsOff?: string | null;
}

/** The order after `current` among `offered`, in SORT_ORDERS' order, wrapping round. */
export function nextSortOrder(current: SortOrder, offered: readonly SortOrder[]): SortOrder {
  const at = SORT_ORDERS.indexOf(current);
  const after = SORT_ORDERS.filter((order, i) => i > at && offered.includes(order));
  return after[0] ?? SORT_ORDERS.find((order) => offered.includes(order)) ?? "memory";
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

/** The keys that switch a part of the view, not the scroll position. */
function toggled(
  state: UiState,
  key: "help" | "charts" | "reverse" | "pause" | "search" | "escape",
) {
  switch (key) {
    case "help":
      return { ...state, help: !state.help };
    case "charts": {
      const next = CHART_LAYOUTS[(CHART_LAYOUTS.indexOf(state.charts) + 1) % CHART_LAYOUTS.length];
      return { ...state, charts: next ?? "device" };
    }
    case "reverse":
      return { ...state, reverse: !state.reverse, scroll: 0 };
    case "pause":
      return { ...state, paused: !state.paused };
    case "search":
      return { ...state, editing: true, help: false, scroll: 0 };
    case "escape":
      // With the detail panel open, Esc closes it and keeps the filter.
      if (state.detail !== null) return { ...state, detail: null };
      return { ...state, help: false, search: "", editing: false, scroll: 0 };
  }
}

export function applyKey(current: UiState, key: Key, context: KeyContext): KeyResult {
  // A status-bar message lasts until the next key.
  const state: UiState = current.message === null ? current : { ...current, message: null };
  const actions = {
    rows: context.rows ?? [],
    pageRows: context.pageRows,
    processes: context.processes ?? context.rows ?? [],
    signalsOff: context.signalsOff ?? null,
  };
  switch (key) {
    case "quit":
      // q closes the detail panel first; a second q quits.
      if (state.detail !== null) return { state: { ...state, detail: null }, quit: false };
      return { state, quit: true };
    case "left":
    case "right":
    case "faster":
    case "slower":
      return { state, quit: false }; // the replay's keys: the controller acts on them
    case "sort": {
      const next = nextSortOrder(state.sort, context.sortOrders ?? BASIC_SORT_ORDERS);
      return { state: { ...state, sort: next, scroll: 0 }, quit: false };
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
    case "charts":
    case "reverse":
    case "pause":
    case "search":
    case "escape":
      return { state: toggled(state, key), quit: false };
    case "enter":
      return { state: toggleDetail(state, actions), quit: false };
    case "kill":
      return { state: askSignal(state, actions), quit: false };
    case "up":
    case "down":
    case "page-up":
    case "page-down":
    case "home":
    case "end": {
      const moved = moveSelection(state.selection, state.scroll, key, actions);
      return { state: { ...state, ...moved }, quit: false };
    }
  }
}
