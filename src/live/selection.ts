/**
 * The highlighted row of the `top` process table. A row is tracked by its key (pid, start
 * time and device), so it keeps its process when the rows reorder; when that process goes
 * away the highlight stays at the same place in the table, clamped to the rows there are.
 * Pure: plain values in and out.
 */
import type { GpuProcess, ListedProcess } from "../model/types.ts";

export interface Selection {
  /** `rowKey` of the row chosen. */
  key: string;
  /** Where it was when chosen: the fallback once its process is gone. */
  index: number;
}

/**
 * One process, whatever device its row is on: pid and start time, so a pid the kernel hands
 * to a new process is not taken for the old one; with `--hosts` its host first (pids repeat
 * across hosts).
 */
export function processKey(process: GpuProcess): string {
  const host = (process as ListedProcess).host;
  return `${host === undefined ? "" : `${host} `}${process.pid}@${process.startTime ?? ""}`;
}

/** One row of the table: a process on one device. */
export function rowKey(process: GpuProcess): string {
  return `${processKey(process)}#${process.deviceId ?? ""}`;
}

/** The row highlighted among `rows` (in table order), or null (none chosen, or no rows). */
export function selectedIndex(
  selection: Selection | null,
  rows: readonly GpuProcess[],
): number | null {
  if (selection === null || rows.length === 0) return null;
  const at = rows.findIndex((row) => rowKey(row) === selection.key);
  return at >= 0 ? at : Math.min(Math.max(0, selection.index), rows.length - 1);
}

/** The first row shown: `scroll` moved just enough that row `index` is on the page. */
export function scrollShowing(
  scroll: number,
  index: number | null,
  pageRows: number,
  totalRows: number,
): number {
  const page = Math.max(1, pageRows);
  let first = scroll;
  if (index !== null && index < first) first = index;
  if (index !== null && index >= first + page) first = index - page + 1;
  return Math.min(Math.max(0, first), Math.max(0, totalRows - page));
}

export type MoveKey = "up" | "down" | "page-up" | "page-down" | "home" | "end";

/**
 * The row a move key goes to. With nothing chosen yet, a move chooses the first row on the
 * page (End the last row, Home the first).
 */
function targetOf(
  move: MoveKey,
  current: number | null,
  first: number,
  page: number,
  last: number,
) {
  if (move === "home") return 0;
  if (move === "end") return last;
  if (current === null) return first;
  const delta = { up: -1, down: 1, "page-up": -page, "page-down": page }[move];
  return current + delta;
}

/** The selection and scroll after a move key. */
export function moveSelection(
  selection: Selection | null,
  scroll: number,
  move: MoveKey,
  view: { rows: readonly GpuProcess[]; pageRows: number },
): { selection: Selection | null; scroll: number } {
  const { rows, pageRows } = view;
  if (rows.length === 0) return { selection, scroll: 0 };
  const page = Math.max(1, pageRows);
  const first = scrollShowing(scroll, null, page, rows.length);
  const target = targetOf(move, selectedIndex(selection, rows), first, page, rows.length - 1);
  const index = Math.min(Math.max(0, target), rows.length - 1);
  return {
    selection: { key: rowKey(rows[index]!), index },
    scroll: scrollShowing(scroll, index, page, rows.length),
  };
}
