/**
 * `gputop ps`: one row per process entry (entries are already one per process and device),
 * busiest memory first.
 */
import { partitionLabels } from "../model/partition_order.ts";
import { BACKEND_IDS } from "../model/schema_ids.ts";
import type { GpuProcess, Snapshot } from "../model/types.ts";
import { backendFailureLines, BACKENDS_HINT_COMMAND } from "./backends_table.ts";
import {
  defaultProcessColumns,
  type ProcessColumn,
  processColumnNamed,
} from "./process_columns.ts";
import { type Column, renderTable } from "./table.ts";

export interface ProcessTableOptions {
  header: boolean;
  color: boolean;
  /** How long command lines may be; cut at `PS_COMMAND_MAX_WIDTH` columns when absent. */
  commandCut?: CommandCut;
  /** `--columns`: these columns (names checked by the CLI), in this order; absent: default. */
  columns?: readonly string[] | null;
}

/**
 * How long command lines may be in a table: one can run to hundreds of kilobytes, which a
 * terminal would wrap into thousands of lines. Empty (`{}`): whole (`--wide`).
 */
export interface CommandCut {
  /** Cut at this many display columns, with `…`. */
  maxWidth?: number;
  /** Cut too so that each row fits this many display columns (a terminal's width). */
  lineWidth?: number;
}

/**
 * Where `ps` cuts a command line when stdout is no terminal (a pipe, a file): long enough for
 * any command a person reads, short enough that one process cannot flood a log.
 */
export const PS_COMMAND_MAX_WIDTH = 4096;

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

export { formatProcessMemory } from "./process_cells.ts";

/** The note printed under a table in which `formatProcessMemory` marked a figure. */
export const DEVICE_WIDE_NOTE = "* device-wide memory figure, not this process's own";

export function hasDeviceWideFigure(processes: readonly GpuProcess[]): boolean {
  return processes.some((process) => !process.perProcess && process.gpuMemoryBytes !== null);
}

/** What differs between the `ps` table and the process part of the snapshot table. */
export interface ProcessColumnsOptions {
  /** Show each process's resident memory (the `ps` view has room for it). */
  rss: boolean;
  /** Cut long command lines to this many columns; unlimited when absent. */
  commandMaxWidth?: number;
  /**
   * The columns, in order (see `shownProcessColumns`); absent: the default set without the
   * columns shown only when some row has a value.
   */
  shown?: readonly ProcessColumn[];
  /** The reading's time, ms since the epoch (START is shown relative to it). */
  nowMs?: number;
  /** MIG devices' `0:1` labels by device id (`partitionLabels`), for the GPU column. */
  deviceLabels?: ReadonlyMap<string, string>;
}

function shownOf(options: ProcessColumnsOptions): readonly ProcessColumn[] {
  return options.shown ?? defaultProcessColumns([], options.rss ? [] : ["rss"]);
}

/**
 * The view's columns for these rows: `--columns`' names in their order, else the default set
 * (without RSS when the view has none) with the optional columns some row has a value for.
 */
export function shownProcessColumns(
  processes: readonly GpuProcess[],
  options: ProcessColumnsOptions,
  names: readonly string[] | null | undefined,
): ProcessColumn[] {
  if (names === null || names === undefined) {
    return defaultProcessColumns(processes, options.rss ? [] : ["rss"]);
  }
  return names.flatMap((name) => processColumnNamed(name) ?? []);
}

export function processColumns(options: ProcessColumnsOptions): Column[] {
  return shownOf(options).map(({ name, column }) =>
    name === "command" && options.commandMaxWidth !== undefined
      ? { ...column, maxWidth: options.commandMaxWidth }
      : column
  );
}

export function processRow(process: GpuProcess, options: ProcessColumnsOptions): string[] {
  const context = {
    nowMs: options.nowMs ?? 0,
    ...(options.deviceLabels ? { deviceLabels: options.deviceLabels } : {}),
  };
  return shownOf(options).map((column) => column.cell(process, context));
}

const PS_COLUMNS: ProcessColumnsOptions = { rss: true };

/** The column option of a cut's `maxWidth` (none when it has none). */
export function withMaxWidth(cut: CommandCut): { commandMaxWidth?: number } {
  return cut.maxWidth === undefined ? {} : { commandMaxWidth: cut.maxWidth };
}

export const NO_PROCESS_MESSAGE = "No process is using a GPU.";
export const NO_PROCESS_BACKEND_HINT =
  `No backend that sees processes could read. ${BACKENDS_HINT_COMMAND}`;

/** macmon reports no processes; every other backend can. */
const PROCESS_BACKENDS: readonly string[] = BACKEND_IDS.filter((id) => id !== "macmon");

/**
 * The `ps` table. Without processes it says so, and when no backend that can see processes
 * read (all unavailable, failed or skipped) it points at `gputop backends`. Then one line per
 * backend that failed. Without header only the rows are printed (nothing when there are none),
 * so header-less output stays one line a row.
 */
export function renderProcessTable(snapshot: Snapshot, options: ProcessTableOptions): string {
  const processes = sortProcessesByMemory(snapshot.processes);
  const cut = options.commandCut ?? { maxWidth: PS_COMMAND_MAX_WIDTH };
  const view: ProcessColumnsOptions = {
    ...PS_COLUMNS,
    ...withMaxWidth(cut),
    shown: shownProcessColumns(processes, PS_COLUMNS, options.columns),
    nowMs: Date.parse(snapshot.timestamp),
    deviceLabels: partitionLabels(snapshot.devices),
  };
  const rows = processes.map((process) => processRow(process, view));
  const tableOptions = { ...options, maxLineWidth: cut.lineWidth };
  if (!options.header) return renderTable(processColumns(view), rows, tableOptions);
  const failures = backendFailureLines(snapshot.backends, options.color);
  if (processes.length === 0) {
    const noneRead = !snapshot.backends.some((b) =>
      PROCESS_BACKENDS.includes(b.id) && b.status === "ok"
    );
    return `${NO_PROCESS_MESSAGE}\n${noneRead ? `${NO_PROCESS_BACKEND_HINT}\n` : ""}${failures}`;
  }
  const table = renderTable(processColumns(view), rows, tableOptions);
  const note = hasDeviceWideFigure(processes) ? `${DEVICE_WIDE_NOTE}\n` : "";
  return table + note + (failures === "" ? "" : `\n${failures}`);
}
