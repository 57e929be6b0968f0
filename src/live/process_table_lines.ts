/**
 * The process table of the `top` screen: fixed columns, then the command taking whatever width
 * is left, one page of rows from the scroll position. CONTAINER and POD (as wide as their
 * widest cell, never cut), CPU% and START appear only when some process has a value, as in
 * `ps`; on a machine without containers the table is as it always was.
 */
import type { GpuProcess, ListedProcess } from "../model/types.ts";
import {
  displayWidth,
  fitToWidth,
  padStartToWidth,
  truncateToWidth,
} from "../render/display_width.ts";
import { escapeText } from "../render/escape_text.ts";
import { formatPercent } from "../render/format_units.ts";
import {
  containerCell,
  cpuCell,
  formatProcessMemory,
  podCell,
  startCell,
} from "../render/process_cells.ts";
import { processBusyPercent } from "./process_order.ts";
import { SGR } from "./styled_line.ts";

const TYPE_SHORT: Readonly<Record<string, string>> = {
  "compute": "compute",
  "graphics": "graphics",
  "compute+graphics": "comp+gfx",
  "drm": "drm",
};

/** What a cell may need besides its process. */
interface CellContext {
  /** The reading's time, which START is shown relative to. */
  nowMs: number;
  /** MIG devices' `0:1` labels by device id (`partitionLabels`), for the GPU column. */
  deviceLabels: ReadonlyMap<string, string>;
}

interface TableColumn {
  title: string;
  /** Null: as wide as the widest cell (and the title). */
  width: number | null;
  align: "left" | "right";
  cell(process: GpuProcess, context: CellContext): string;
  /** Shown only when some process has a value (absent: always). */
  hasValue?(process: GpuProcess): boolean;
}

interface SizedColumn extends TableColumn {
  width: number;
}

const PROCESS_COLUMNS: readonly TableColumn[] = [
  {
    title: "HOST",
    width: null,
    align: "left",
    cell: (p) => (p as ListedProcess).host ?? "",
    hasValue: (p) => (p as ListedProcess).host !== undefined,
  },
  { title: "PID", width: 7, align: "right", cell: (p) => String(p.pid) },
  { title: "USER", width: 10, align: "left", cell: (p) => p.user ?? "-" },
  {
    title: "CONTAINER",
    width: null,
    align: "left",
    cell: containerCell,
    hasValue: (p) => p.container !== null,
  },
  { title: "POD", width: null, align: "left", cell: podCell, hasValue: (p) => p.pod !== null },
  {
    title: "GPU",
    width: null, // 3 (the title) unless a MIG label such as 10:13 is wider
    align: "right",
    cell: (p, context) =>
      (p.deviceId === null ? undefined : context.deviceLabels.get(p.deviceId)) ??
        (p.deviceIndex === null ? "-" : String(p.deviceIndex)),
  },
  {
    title: "TYPE",
    width: 8,
    align: "left",
    cell: (p) => p.type === null ? "-" : TYPE_SHORT[p.type] ?? p.type,
  },
  { title: "GPU MEM", width: 9, align: "right", cell: formatProcessMemory },
  {
    title: "GPU%",
    width: 4,
    align: "right",
    cell: (p) => {
      const busy = processBusyPercent(p);
      return busy === null ? "-" : formatPercent(busy);
    },
  },
  {
    title: "CPU%",
    width: 5,
    align: "right",
    cell: cpuCell,
    hasValue: (p) => p.cpuPercent !== null,
  },
  {
    title: "START",
    width: 6,
    align: "right",
    cell: (p, context) => startCell(p, context.nowMs),
    hasValue: (p) => p.startTime !== null,
  },
];

/** The columns these processes need, each with its width. */
function columnsFor(processes: readonly GpuProcess[], context: CellContext): SizedColumn[] {
  return PROCESS_COLUMNS
    .filter((column) => column.hasValue === undefined || processes.some(column.hasValue))
    .map((column) => ({
      ...column,
      width: column.width ?? processes.reduce(
        (widest, p) => Math.max(widest, displayWidth(escapeText(column.cell(p, context)))),
        column.title.length,
      ),
    }));
}

function cell(text: string, column: SizedColumn): string {
  const cut = truncateToWidth(escapeText(text), column.width);
  return column.align === "right"
    ? padStartToWidth(cut, column.width)
    : fitToWidth(cut, column.width);
}

function tableLine(
  columns: readonly SizedColumn[],
  cells: readonly string[],
  command: string,
  width: number,
): string {
  const fixed = columns.map((column, i) => cell(cells[i] ?? "", column)).join(" ");
  const room = width - columns.reduce((sum, column) => sum + column.width + 1, 0);
  const last = room > 0 ? " " + truncateToWidth(escapeText(command), room) : "";
  return fitToWidth(fixed + last, width);
}

/** How the table marks its rows: the highlighted one and MIG devices' labels. */
export interface TableMarks {
  /** Index (in `processes`) of the highlighted row; null for none. */
  selected?: number | null;
  deviceLabels?: ReadonlyMap<string, string>;
}

/**
 * The highlighted row: `>` in its first column (blank for any pid under seven digits), so it
 * shows without colour too, and inverse video with colour.
 */
function highlighted(line: string, color: boolean): string {
  const marked = line.startsWith(" ") ? `>${line.slice(1)}` : line;
  return color ? `${SGR.inverse}${marked}${SGR.reset}` : marked;
}

/**
 * The header, then the page of `pageRows` rows that `scroll` asks for (clamped to the last
 * page), and the range shown (`processes 1-20 of 31`; empty when there are none). `nowMs`:
 * the reading's time, which START is shown relative to.
 */
export function processTableLines(
  processes: readonly GpuProcess[],
  pageRows: number,
  scroll: number,
  width: number,
  color: boolean,
  nowMs = 0,
  marks: TableMarks = {},
): { lines: string[]; range: string } {
  const context = { nowMs, deviceLabels: marks.deviceLabels ?? new Map<string, string>() };
  const columns = columnsFor(processes, context);
  const header = tableLine(columns, columns.map((c) => c.title), "COMMAND", width);
  const lines = [color ? `${SGR.bold}${header}${SGR.reset}` : header];
  const start = Math.min(Math.max(0, scroll), Math.max(0, processes.length - pageRows));
  const shown = processes.slice(start, start + pageRows);
  if (processes.length === 0) lines.push(fitToWidth(" No GPU processes found.", width));
  shown.forEach((p, i) => {
    const cells = columns.map((column) => column.cell(p, context));
    const line = tableLine(columns, cells, p.command ?? p.name ?? "-", width);
    lines.push(start + i === marks.selected ? highlighted(line, color) : line);
  });
  const range = processes.length === 0
    ? ""
    : `processes ${start + 1}-${start + shown.length} of ${processes.length}`;
  return { lines, range };
}
