/** The order of the `top` screen's process table, by the sort key the user chose. */
import type { GpuProcess } from "../model/types.ts";
import { containerCell, podCell } from "../render/process_cells.ts";
import { BASIC_SORT_ORDERS, SORT_ORDERS, type SortOrder } from "./ui_state.ts";

/** The busiest engine of a process, the figure the GPU% column shows and sorts by. */
export function processBusyPercent(process: GpuProcess): number | null {
  const values = Object.values(process.engines ?? {}).filter((v) => Number.isFinite(v));
  return values.length === 0 ? null : Math.max(...values);
}

function descendingNullLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

/** Text ascending, a process without one (null) last. */
function ascendingNullLast(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function startMs(process: GpuProcess): number | null {
  const ms = process.startTime === null ? NaN : Date.parse(process.startTime);
  return Number.isFinite(ms) ? ms : null;
}

/** How each order compares two processes before the tie-break: biggest, newest or A–Z first. */
const COMPARE: Readonly<Record<SortOrder, (a: GpuProcess, b: GpuProcess) => number>> = {
  memory: (a, b) => descendingNullLast(a.gpuMemoryBytes, b.gpuMemoryBytes),
  utilization: (a, b) => descendingNullLast(processBusyPercent(a), processBusyPercent(b)),
  cpu: (a, b) => descendingNullLast(a.cpuPercent, b.cpuPercent),
  start: (a, b) => descendingNullLast(startMs(a), startMs(b)),
  container: (a, b) =>
    ascendingNullLast(a.container && containerCell(a), b.container && containerCell(b)),
  pod: (a, b) => ascendingNullLast(a.pod && podCell(a), b.pod && podCell(b)),
  pid: () => 0,
};

/** A sorted copy; ties by pid, then device. */
export function sortProcesses(processes: readonly GpuProcess[], order: SortOrder): GpuProcess[] {
  const tieBreak = (a: GpuProcess, b: GpuProcess) =>
    a.pid - b.pid || (a.deviceIndex ?? -1) - (b.deviceIndex ?? -1);
  const compare = COMPARE[order];
  return [...processes].sort((a, b) => compare(a, b) || tieBreak(a, b));
}

/** Whether some process has a value for the column an order sorts by. */
const SHOWN: Readonly<Partial<Record<SortOrder, (p: GpuProcess) => boolean>>> = {
  cpu: (p) => p.cpuPercent !== null,
  start: (p) => p.startTime !== null,
  container: (p) => p.container !== null,
  pod: (p) => p.pod !== null,
};

/** The orders `s` offers for these processes: the basic ones and those of shown columns. */
export function offeredSortOrders(processes: readonly GpuProcess[]): SortOrder[] {
  return SORT_ORDERS.filter((order) =>
    BASIC_SORT_ORDERS.includes(order) || processes.some((p) => SHOWN[order]?.(p) ?? false)
  );
}
