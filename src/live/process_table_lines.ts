/**
 * The process table of the `top` screen: fixed columns, then the command taking whatever width
 * is left, one page of rows from the scroll position.
 */
import type { GpuProcess } from "../model/types.ts";
import { fitToWidth, padStartToWidth, truncateToWidth } from "../render/display_width.ts";
import { escapeText } from "../render/escape_text.ts";
import { formatBytes, formatPercent } from "../render/format_units.ts";
import { processBusyPercent } from "./process_order.ts";
import { SGR } from "./styled_line.ts";

const TYPE_SHORT: Readonly<Record<string, string>> = {
  "compute": "compute",
  "graphics": "graphics",
  "compute+graphics": "comp+gfx",
  "drm": "drm",
};

interface TableColumn {
  title: string;
  width: number;
  align: "left" | "right";
}

const PROCESS_COLUMNS: readonly TableColumn[] = [
  { title: "PID", width: 7, align: "right" },
  { title: "USER", width: 10, align: "left" },
  { title: "GPU", width: 3, align: "right" },
  { title: "TYPE", width: 8, align: "left" },
  { title: "GPU MEM", width: 9, align: "right" },
  { title: "GPU%", width: 4, align: "right" },
];
const FIXED_WIDTH = PROCESS_COLUMNS.reduce((sum, column) => sum + column.width + 1, 0);

function cell(text: string, column: TableColumn): string {
  const cut = truncateToWidth(escapeText(text), column.width);
  return column.align === "right"
    ? padStartToWidth(cut, column.width)
    : fitToWidth(cut, column.width);
}

function processCells(process: GpuProcess): string[] {
  const busy = processBusyPercent(process);
  const memory = process.gpuMemoryBytes === null
    ? "-"
    : formatBytes(process.gpuMemoryBytes) + (process.perProcess ? "" : "*");
  return [
    String(process.pid),
    process.user ?? "-",
    process.deviceIndex === null ? "-" : String(process.deviceIndex),
    process.type === null ? "-" : TYPE_SHORT[process.type] ?? process.type,
    memory,
    busy === null ? "-" : formatPercent(busy),
  ];
}

function tableLine(cells: readonly string[], command: string, width: number): string {
  const fixed = PROCESS_COLUMNS.map((column, i) => cell(cells[i] ?? "", column)).join(" ");
  const room = width - FIXED_WIDTH;
  const last = room > 0 ? " " + truncateToWidth(escapeText(command), room) : "";
  return fitToWidth(fixed + last, width);
}

/**
 * The header, then the page of `pageRows` rows that `scroll` asks for (clamped to the last
 * page), and the range shown (`processes 1-20 of 31`; empty when there are none).
 */
export function processTableLines(
  processes: readonly GpuProcess[],
  pageRows: number,
  scroll: number,
  width: number,
  color: boolean,
): { lines: string[]; range: string } {
  const header = tableLine(PROCESS_COLUMNS.map((c) => c.title), "COMMAND", width);
  const lines = [color ? `${SGR.bold}${header}${SGR.reset}` : header];
  const start = Math.min(Math.max(0, scroll), Math.max(0, processes.length - pageRows));
  const shown = processes.slice(start, start + pageRows);
  if (processes.length === 0) lines.push(fitToWidth(" No GPU processes found.", width));
  for (const process of shown) {
    lines.push(tableLine(processCells(process), process.command ?? process.name ?? "-", width));
  }
  const range = processes.length === 0
    ? ""
    : `processes ${start + 1}-${start + shown.length} of ${processes.length}`;
  return { lines, range };
}
