/**
 * The `gputop top` screen, as a pure function: (reading, terminal size, UI state) → exactly
 * `rows` lines, each exactly `columns` display columns wide (padded, or cut by display width
 * without splitting a wide character or an emoji sequence). Untrusted text is escaped before
 * it is measured. Colour is SGR around whole segments, added only after measuring, so a
 * coloured frame and a plain one have the same layout.
 *
 * Layout: a title line; one block of three lines per device (name, PCI address, engines;
 * utilisation and memory bars; temperature, power, fan, clocks); a blank line; the process table filling
 * the rest; a key line at the bottom. An unknown value reads `unknown`, never 0.
 */
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import type { SortOrder, UiState } from "./ui_state.ts";
import { displayWidth, fitToWidth, padStartToWidth, truncateToWidth } from "../render/display_width.ts";
import { escapeText } from "../render/escape_text.ts";
import {
  formatBytes,
  formatCelsius,
  formatEngines,
  formatPercent,
  formatWatts,
} from "../render/format_units.ts";

export interface TerminalSize {
  columns: number;
  rows: number;
}

export interface LiveFrameOptions {
  color: boolean;
  intervalMs: number;
  version: string;
  /** A reading is being taken right now. */
  pending: boolean;
  /** Why the last reading failed, shown on the title line. */
  error: string | null;
  /**
   * `-i/--id` of the command line (shown on the title line) and how many devices the reading
   * had before it, so that an empty view says the filter matched none of them.
   */
  idFilter?: { ids: readonly string[]; devicesFound: number | null } | null;
}

export const UNKNOWN_TEXT = "unknown";

const SGR = {
  reset: "\x1b[0m",
  bold: "\x1b[1m",
  inverse: "\x1b[7m",
  dim: "\x1b[2m",
  green: "\x1b[32m",
  yellow: "\x1b[33m",
  red: "\x1b[31m",
  cyan: "\x1b[36m",
} as const;

interface Segment {
  text: string;
  sgr?: string;
}
type Line = Segment[];

/** Fits a line of segments to `width` columns: cut at the edge, padded after. */
function fitLine(line: Line, width: number, color: boolean): string {
  let out = "";
  let used = 0;
  for (const segment of line) {
    if (used >= width) break;
    const room = width - used;
    let text = segment.text;
    if (displayWidth(text) > room) text = fitToWidth(text, room).trimEnd();
    const textWidth = displayWidth(text);
    used += textWidth;
    out += color && segment.sgr && text !== "" ? `${segment.sgr}${text}${SGR.reset}` : text;
  }
  return out + " ".repeat(Math.max(0, width - used));
}

/** A whole line in one style (title bar, table header): padded first, then styled. */
function styledLine(text: string, width: number, sgr: string, color: boolean): string {
  const fitted = fitToWidth(text, width);
  return color ? `${sgr}${fitted}${SGR.reset}` : fitted;
}

function levelColor(ratio: number): string {
  return ratio >= 0.9 ? SGR.red : ratio >= 0.6 ? SGR.yellow : SGR.green;
}

/**
 * `[|||||||      87%]`: `inner` columns between the brackets, the filled part in `|`, the
 * label right-aligned over it. An unknown ratio draws no bar, only `unknown`.
 */
export function bar(ratio: number | null, label: string, width: number): Segment[] {
  const inner = Math.max(1, width - 2);
  const text = truncateToWidth(label, inner);
  const labelStart = inner - displayWidth(text);
  const filled = ratio === null ? 0 : Math.round(Math.min(1, Math.max(0, ratio)) * inner);
  const cells: string[] = [];
  for (let i = 0; i < labelStart; i++) cells.push(i < filled ? "|" : " ");
  const fill = cells.slice(0, Math.min(filled, labelStart)).join("");
  const gap = cells.slice(Math.min(filled, labelStart)).join("");
  const sgr = ratio === null ? SGR.dim : levelColor(ratio);
  return [
    { text: "[" },
    { text: fill, sgr },
    { text: gap },
    { text, ...(ratio === null ? { sgr: SGR.dim } : {}) },
    { text: "]" },
  ];
}

function known(text: string, value: unknown): string {
  return value === null || value === undefined ? UNKNOWN_TEXT : text;
}

function powerText(device: Device): string {
  if (device.powerWatts === null && device.powerLimitWatts === null) return UNKNOWN_TEXT;
  const now = device.powerWatts === null ? UNKNOWN_TEXT : formatWatts(device.powerWatts);
  return device.powerLimitWatts === null ? now : `${now} / ${formatWatts(device.powerLimitWatts)}`;
}

/** `1095/1215 MHz` (graphics/memory), `1095/unknown MHz`; `unknown` when both are. */
function clockText(device: Device): string {
  const part = (mhz: number | null) => mhz === null ? UNKNOWN_TEXT : String(Math.round(mhz));
  if (device.graphicsClockMHz === null && device.memoryClockMHz === null) return UNKNOWN_TEXT;
  return `${part(device.graphicsClockMHz)}/${part(device.memoryClockMHz)} MHz`;
}

function memoryLabel(device: Device): string {
  const used = device.memoryUsedBytes;
  const total = device.memoryTotalBytes;
  if (used === null && total === null) return UNKNOWN_TEXT;
  return `${used === null ? UNKNOWN_TEXT : formatBytes(used)} / ${
    total === null ? UNKNOWN_TEXT : formatBytes(total)
  }`;
}

function memoryRatio(device: Device): number | null {
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  return used === null || total === null || total <= 0 ? null : used / total;
}

function deviceBlock(device: Device, width: number): Line[] {
  const name = escapeText(device.name ?? UNKNOWN_TEXT);
  const engines = device.engines === null ? UNKNOWN_TEXT : formatEngines(device.engines, 3);
  const title: Line = [
    { text: `GPU ${device.index} `, sgr: SGR.bold },
    { text: name, sgr: SGR.cyan },
    { text: `  ${escapeText(device.pciBusId ?? device.id)}` },
    { text: "  ENGINES " },
    { text: engines === "-" ? UNKNOWN_TEXT : escapeText(engines) },
    ...(device.runtimeStatus === "suspended" ? [{ text: "  suspended", sgr: SGR.dim }] : []),
    ...(device.error !== null
      ? [{ text: `  error: ${escapeText(device.error)}`, sgr: SGR.yellow }]
      : []),
  ];
  // "  UTIL " + bar + "  MEM " + bar: 7 + 6 = 13 columns of labels around two bars.
  const barWidth = Math.max(8, Math.floor((width - 13) / 2));
  const utilization = device.utilizationPercent;
  const bars: Line = [
    { text: "  UTIL " },
    ...bar(
      utilization === null ? null : utilization / 100,
      utilization === null ? UNKNOWN_TEXT : formatPercent(utilization),
      barWidth,
    ),
    { text: "  MEM " },
    ...bar(memoryRatio(device), memoryLabel(device), barWidth),
  ];
  const details: Line = [
    { text: "  TEMP " },
    { text: known(formatCelsius(device.temperatureCelsius), device.temperatureCelsius) },
    { text: "  POWER " },
    { text: powerText(device) },
    { text: "  FAN " },
    { text: known(formatPercent(device.fanPercent), device.fanPercent) },
    { text: "  CLOCK gfx/mem " },
    { text: clockText(device) },
  ];
  return [title, bars, details];
}

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

/** The devices and processes the view shows under `state.deviceFilter`. */
export function visibleReading(
  snapshot: Snapshot,
  state: UiState,
): { devices: Device[]; processes: GpuProcess[] } {
  const devices = [...snapshot.devices].sort((a, b) => a.index - b.index);
  const filter = devices.some((d) => d.index === state.deviceFilter) ? state.deviceFilter : null;
  return {
    devices: filter === null ? devices : devices.filter((d) => d.index === filter),
    processes: sortProcesses(
      filter === null
        ? snapshot.processes
        : snapshot.processes.filter((p) => p.deviceIndex === filter),
      state.sort,
    ),
  };
}

/** How many process rows fit, and how many there are: for scrolling. */
export function processViewport(
  snapshot: Snapshot | null,
  size: TerminalSize,
  state: UiState,
): { pageRows: number; totalRows: number } {
  if (snapshot === null) return { pageRows: 0, totalRows: 0 };
  const { devices, processes } = visibleReading(snapshot, state);
  // title + device blocks (or the "No GPUs" line) + blank + table header + key line
  const used = 1 + Math.max(1, devices.length * 3) + 1 + 1 + 1;
  return { pageRows: Math.max(0, size.rows - used), totalRows: processes.length };
}

const SORT_LABEL: Readonly<Record<SortOrder, string>> = {
  memory: "GPU memory",
  utilization: "GPU%",
  pid: "pid",
};

function intervalText(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function titleText(snapshot: Snapshot | null, state: UiState, options: LiveFrameOptions): string {
  const parts = [`gputop ${options.version}`];
  if (snapshot !== null) {
    parts.push(escapeText(snapshot.hostname ?? UNKNOWN_TEXT));
    parts.push(`${snapshot.timestamp.slice(11, 19)} UTC`);
  }
  parts.push(`every ${intervalText(options.intervalMs)}`);
  parts.push(`sort: ${SORT_LABEL[state.sort]}`);
  const ids = options.idFilter ? `-i ${escapeText(options.idFilter.ids.join(","))}` : null;
  if (state.deviceFilter !== null) {
    parts.push(ids === null ? `GPU: ${state.deviceFilter}` : `GPU: ${state.deviceFilter} (${ids})`);
  } else parts.push(ids === null ? "GPU: all" : `GPU: ${ids}`);
  if (options.pending && snapshot === null) parts.push("reading…");
  if (options.error !== null) parts.push(`error: ${escapeText(options.error)}`);
  for (const backend of snapshot?.backends ?? []) {
    // unavailable and skipped are normal (no such GPU here); an error is worth a word
    if (backend.status === "error") {
      parts.push(`${backend.id}: ${escapeText(backend.detail ?? "error")}`);
    }
  }
  return " " + parts.join(" · ");
}

export const HELP_LINES: readonly string[] = [
  "Keys",
  "  q, Ctrl-C      quit",
  "  s              sort processes: GPU memory → GPU% → pid",
  "  f              show one GPU at a time, then all again",
  "  ↑ ↓  j k       scroll one line",
  "  PgUp PgDn      scroll one page (space: next page)",
  "  Home End       first / last process",
  "  h, ?           this help (any of h, ?, Esc closes it)",
  "",
  "unknown: the backend could not read the value (never shown as 0).",
  "GPU%: the busiest engine of the process; * device-wide memory figure.",
];

/** Why the view shows no device: `-i` filtered every one out, or none was found. */
function noDevicesText(snapshot: Snapshot, options: LiveFrameOptions): string {
  const found = options.idFilter?.devicesFound ?? 0;
  if (options.idFilter && found > 0) {
    const ids = escapeText(options.idFilter.ids.join(","));
    const gpus = found === 1 ? "the 1 GPU found" : `the ${found} GPUs found`;
    return ` -i ${ids} matched none of ${gpus}.`;
  }
  return snapshot.backends.some((b) => b.status !== "ok")
    ? " No GPUs found. Run 'gputop backends' to see why."
    : " No GPUs found.";
}

/** The whole screen: exactly `size.rows` lines, each exactly `size.columns` wide. */
export function renderLiveFrame(
  snapshot: Snapshot | null,
  size: TerminalSize,
  state: UiState,
  options: LiveFrameOptions,
): string[] {
  const width = Math.max(1, size.columns);
  const rows = Math.max(1, size.rows);
  const { color } = options;
  const lines: string[] = [
    styledLine(titleText(snapshot, state, options), width, SGR.inverse, color),
  ];
  const keyLine = (shown: string) =>
    fitLine(
      [
        { text: " q", sgr: SGR.bold },
        { text: " quit " },
        { text: " s", sgr: SGR.bold },
        { text: " sort " },
        { text: " f", sgr: SGR.bold },
        { text: " filter " },
        { text: " ↑↓ PgUp PgDn", sgr: SGR.bold },
        { text: " scroll " },
        { text: " h", sgr: SGR.bold },
        { text: " help" },
        { text: shown === "" ? "" : `   ${shown}` },
      ],
      width,
      color,
    );

  if (snapshot === null) {
    lines.push(fitToWidth(" Taking the first reading…", width));
  } else {
    const { devices, processes } = visibleReading(snapshot, state);
    if (devices.length === 0) lines.push(fitToWidth(noDevicesText(snapshot, options), width));
    for (const device of devices) {
      for (const line of deviceBlock(device, width)) lines.push(fitLine(line, width, color));
    }
    lines.push(" ".repeat(width));
    if (state.help) {
      for (const text of HELP_LINES) lines.push(fitToWidth(` ${text}`, width));
    } else {
      const header = tableLine(PROCESS_COLUMNS.map((c) => c.title), "COMMAND", width);
      lines.push(color ? `${SGR.bold}${header}${SGR.reset}` : header);
      const { pageRows } = processViewport(snapshot, size, state);
      const start = Math.min(Math.max(0, state.scroll), Math.max(0, processes.length - pageRows));
      const shown = processes.slice(start, start + pageRows);
      if (processes.length === 0) lines.push(fitToWidth(" No GPU processes found.", width));
      for (const process of shown) {
        lines.push(
          tableLine(processCells(process), process.command ?? process.name ?? "-", width),
        );
      }
      while (lines.length < rows - 1) lines.push(" ".repeat(width));
      const range = processes.length === 0
        ? ""
        : `processes ${start + 1}-${start + shown.length} of ${processes.length}`;
      lines.splice(rows - 1);
      lines.push(keyLine(range));
      return lines;
    }
  }
  while (lines.length < rows - 1) lines.push(" ".repeat(width));
  lines.splice(rows - 1);
  lines.push(keyLine(""));
  return lines.slice(0, rows);
}
