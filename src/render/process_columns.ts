/**
 * The columns a process table can show, each named by its header in lower case (spaces as
 * `-`), as `ps -o` names them: what `--columns LIST` picks and orders. Without a list, the
 * default set is shown, in which CONTAINER, POD, CPU% and START appear only when some row of
 * the table has a value for them (a desktop without containers keeps today's table).
 */
import { type ProcessColumnName, processColumnName } from "../model/process_column_names.ts";
import type { GpuProcess } from "../model/types.ts";
import { formatBytes, formatEngines, UNKNOWN } from "./format_units.ts";
import {
  containerCell,
  cpuCell,
  formatProcessMemory,
  podCell,
  startCell,
} from "./process_cells.ts";
import type { Column } from "./table.ts";

/** Everything a cell may need besides its process. */
export interface CellContext {
  /** The reading's time (START shows times relative to it). */
  nowMs: number;
  /** GPU column labels by device id for MIG devices (`0:1`); any other device shows its index. */
  deviceLabels?: ReadonlyMap<string, string>;
}

export interface ProcessColumn {
  name: ProcessColumnName;
  column: Column;
  cell(process: GpuProcess, context: CellContext): string;
  /** Default view only: shown when some row has a value (absent: always shown). */
  hasValue?(process: GpuProcess): boolean;
}

/** Every column, in the default order. */
export const PROCESS_COLUMNS: readonly ProcessColumn[] = [
  { name: "pid", column: { title: "PID", align: "right" }, cell: (p) => String(p.pid) },
  {
    name: "user",
    column: { title: "USER", align: "left", maxWidth: 16 },
    cell: (p) => p.user ?? UNKNOWN,
  },
  {
    name: "container",
    column: { title: "CONTAINER", align: "left" },
    cell: containerCell,
    hasValue: (p) => p.container !== null,
  },
  {
    name: "pod",
    column: { title: "POD", align: "left" },
    cell: podCell,
    hasValue: (p) => p.pod !== null,
  },
  {
    name: "gpu",
    column: { title: "GPU", align: "right" },
    cell: (p, context) =>
      (p.deviceId === null ? undefined : context.deviceLabels?.get(p.deviceId)) ??
        (p.deviceIndex === null ? UNKNOWN : String(p.deviceIndex)),
  },
  { name: "type", column: { title: "TYPE", align: "left" }, cell: (p) => p.type ?? UNKNOWN },
  { name: "gpu-mem", column: { title: "GPU MEM", align: "right" }, cell: formatProcessMemory },
  {
    name: "engines",
    column: { title: "ENGINES", align: "left" },
    cell: (p) => formatEngines(p.engines),
  },
  {
    name: "cpu%",
    column: { title: "CPU%", align: "right" },
    cell: cpuCell,
    hasValue: (p) => p.cpuPercent !== null,
  },
  { name: "rss", column: { title: "RSS", align: "right" }, cell: (p) => formatBytes(p.rssBytes) },
  {
    name: "start",
    column: { title: "START", align: "right" },
    cell: (p, context) => startCell(p, context.nowMs),
    hasValue: (p) => p.startTime !== null,
  },
  {
    name: "command",
    column: { title: "COMMAND", align: "left" },
    cell: (p) => p.command ?? p.name ?? UNKNOWN,
  },
];

/** A column by its name or alias (any case); undefined when there is none. */
export function processColumnNamed(name: string): ProcessColumn | undefined {
  const canonical = processColumnName(name);
  return PROCESS_COLUMNS.find((column) => column.name === canonical);
}

/**
 * The default view's columns for these rows: every column without `hasValue`, and those with
 * it when some row has a value; `omit` names columns this view leaves out (the snapshot view
 * has no RSS).
 */
export function defaultProcessColumns(
  processes: readonly GpuProcess[],
  omit: readonly string[] = [],
): ProcessColumn[] {
  return PROCESS_COLUMNS.filter((column) =>
    !omit.includes(column.name) &&
    (column.hasValue === undefined || processes.some((p) => column.hasValue!(p)))
  );
}
