/** The order of the `top` screen's process table, by the sort key the user chose. */
import type { GpuProcess } from "../model/types.ts";
import type { SortOrder } from "./ui_state.ts";

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

/** A sorted copy; ties by pid, then device. */
export function sortProcesses(processes: readonly GpuProcess[], order: SortOrder): GpuProcess[] {
  const tieBreak = (a: GpuProcess, b: GpuProcess) =>
    a.pid - b.pid || (a.deviceIndex ?? -1) - (b.deviceIndex ?? -1);
  return [...processes].sort((a, b) => {
    if (order === "memory") {
      return descendingNullLast(a.gpuMemoryBytes, b.gpuMemoryBytes) || tieBreak(a, b);
    }
    if (order === "utilization") {
      return descendingNullLast(processBusyPercent(a), processBusyPercent(b)) || tieBreak(a, b);
    }
    return tieBreak(a, b);
  });
}
