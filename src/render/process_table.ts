/**
 * `gputop ps`: one row per process entry (entries are already one per process and device),
 * busiest memory first.
 */
import type { GpuProcess, Snapshot } from "../model/types.ts";
import { formatBytes, formatEngines, UNKNOWN } from "./format_units.ts";
import { type Column, renderTable } from "./table.ts";

export interface ProcessTableOptions {
  header: boolean;
  color: boolean;
}

function compareNullableAscending(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/**
 * A sorted copy: `gpuMemoryBytes` descending with unknown (null) last, then `pid`
 * ascending, then `deviceIndex` ascending (null last). The input is not changed.
 * Shared by the table, CSV and JSON forms of `ps`.
 */
export function sortProcessesByMemory(processes: readonly GpuProcess[]): GpuProcess[] {
  return [...processes].sort((a, b) => {
    const memoryA = a.gpuMemoryBytes;
    const memoryB = b.gpuMemoryBytes;
    if (memoryA !== memoryB) {
      if (memoryA === null) return 1;
      if (memoryB === null) return -1;
      return memoryB - memoryA;
    }
    return a.pid - b.pid || compareNullableAscending(a.deviceIndex, b.deviceIndex);
  });
}

/** A memory figure, marked `*` when it is device-wide rather than the process's own. */
export function formatProcessMemory(process: GpuProcess): string {
  const text = formatBytes(process.gpuMemoryBytes);
  return process.perProcess || process.gpuMemoryBytes === null ? text : `${text}*`;
}

/** The note printed under a table in which `formatProcessMemory` marked a figure. */
export const DEVICE_WIDE_NOTE = "* device-wide memory figure, not this process's own";

export function hasDeviceWideFigure(processes: readonly GpuProcess[]): boolean {
  return processes.some((process) => !process.perProcess && process.gpuMemoryBytes !== null);
}

const COLUMNS: readonly Column[] = [
  { title: "PID", align: "right" },
  { title: "USER", align: "left", maxWidth: 16 },
  { title: "GPU", align: "right" },
  { title: "TYPE", align: "left" },
  { title: "GPU MEM", align: "right" },
  { title: "ENGINES", align: "left" },
  { title: "RSS", align: "right" },
  { title: "COMMAND", align: "left" },
];

function row(process: GpuProcess): string[] {
  return [
    String(process.pid),
    process.user ?? UNKNOWN,
    process.deviceIndex === null ? UNKNOWN : String(process.deviceIndex),
    process.type ?? UNKNOWN,
    formatProcessMemory(process),
    formatEngines(process.engines),
    formatBytes(process.rssBytes),
    process.command ?? process.name ?? UNKNOWN,
  ];
}

/**
 * The `ps` table. Without processes it is the title row alone (or nothing without header).
 * The `*` note is added only with the header, so header-less output stays one line a row.
 */
export function renderProcessTable(snapshot: Snapshot, options: ProcessTableOptions): string {
  const processes = sortProcessesByMemory(snapshot.processes);
  const table = renderTable(COLUMNS, processes.map(row), options);
  const note = options.header && hasDeviceWideFigure(processes) ? `${DEVICE_WIDE_NOTE}\n` : "";
  return table + note;
}
