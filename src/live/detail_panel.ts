/**
 * The detail panel of one process (Enter): its PID and name, user, container and pod where
 * known, RSS, CPU, state and start, GPU memory and engines on each of its devices, the whole
 * command line (wrapped, never cut while it fits the screen), and its GPU memory over time.
 * Pure: the rows of the reading with that process, and the rows free, in; lines out.
 */
import { partitionLabels } from "../model/partition_order.ts";
import type { Device, GpuProcess } from "../model/types.ts";
import { displayWidth, truncateToWidth } from "../render/display_width.ts";
import { escapeText } from "../render/escape_text.ts";
import { formatBytes, formatEngines, formatPercent } from "../render/format_units.ts";
import { containerCell, formatProcessMemory, podCell, startCell } from "../render/process_cells.ts";
import { ASCII_CELLS, chartLabel, chartRows, spanText, UNICODE_CELLS } from "./chart.ts";
import { MAX_CHART_HEIGHT } from "./chart_panel.ts";
import type { ProcessHistoryView } from "./process_history.ts";
import { shortName } from "./process_actions.ts";
import { processKey } from "./selection.ts";
import { type Line, SGR } from "./styled_line.ts";
import { wrapToWidth } from "./text_wrap.ts";
import { UNKNOWN_TEXT } from "./unknown_text.ts";

export interface DetailInput {
  /** `processKey` of the process shown. */
  processKey: string;
  processes: readonly GpuProcess[];
  devices: readonly Device[];
  width: number;
  /** Lines the panel may take. */
  rows: number;
  nowMs: number;
  history?: ProcessHistoryView | undefined;
  unicode: boolean;
  intervalMs: number;
}

const CLOSE_HINT = "Esc, Enter or q closes";

function orUnknown(text: string | null): string {
  return text === null || text === "-" ? UNKNOWN_TEXT : text;
}

function headerLine(first: GpuProcess, width: number): Line {
  const title = ` PID ${first.pid}  ${escapeText(shortName(first))}`;
  return [{ text: chartLabel(title, CLOSE_HINT, width), sgr: SGR.bold }];
}

/** `items` packed onto lines of `width`, three spaces apart; an item too long is cut. */
function flowed(items: readonly string[], width: number): Line[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const joined = line === "" ? ` ${item}` : `${line}   ${item}`;
    if (line !== "" && displayWidth(joined) > width) {
      lines.push(line);
      line = ` ${item}`;
    } else line = joined;
  }
  if (line !== "") lines.push(line);
  return lines.map((text) => [{ text }]);
}

/** User, container, pod and the PID inside the container; RSS, CPU, state and start. */
function infoItems(first: GpuProcess, nowMs: number): string[] {
  const items = [`user ${escapeText(orUnknown(first.user))}`];
  if (first.container !== null) items.push(`container ${escapeText(containerCell(first))}`);
  if (first.pod !== null) items.push(`pod ${escapeText(podCell(first))}`);
  if (first.containerPid !== null) items.push(`pid in container ${first.containerPid}`);
  const rss = first.rssBytes === null ? UNKNOWN_TEXT : formatBytes(first.rssBytes);
  const cpu = first.cpuPercent === null ? UNKNOWN_TEXT : formatPercent(first.cpuPercent);
  const started = first.startTime === null ? UNKNOWN_TEXT : startCell(first, nowMs);
  items.push(`RSS ${rss}`, `CPU ${cpu}`, `state ${first.state ?? UNKNOWN_TEXT}`);
  items.push(`start ${started}`);
  return items;
}

/** Per device the process uses: its memory there, its engines and its kind of use. */
function deviceLines(rows: readonly GpuProcess[], devices: readonly Device[], width: number) {
  const labels = partitionLabels(devices);
  return rows.flatMap((p) => {
    const gpu = (p.deviceId === null ? undefined : labels.get(p.deviceId)) ??
      (p.deviceIndex === null ? "?" : String(p.deviceIndex));
    const memory = p.gpuMemoryBytes === null ? UNKNOWN_TEXT : formatProcessMemory(p);
    const engines = p.engines === null ? UNKNOWN_TEXT : formatEngines(p.engines, 6);
    const items = [`GPU ${gpu}`, `memory ${memory}`, `engines ${escapeText(engines)}`];
    if (p.type !== null) items.push(p.type);
    return flowed(items, width);
  });
}

/**
 * The whole command line, wrapped, under its label; where the rows run out, the last line
 * shown ends in `…` (and with a single row left, the label gives way to the command).
 */
function commandLines(first: GpuProcess, width: number, room: number): Line[] {
  if (room <= 0) return [];
  const command = escapeText(first.command ?? first.name ?? UNKNOWN_TEXT);
  const wrapped = wrapToWidth(command, width - 3).map((text) => `   ${text}`);
  const lines = room === 1 ? wrapped : [" command", ...wrapped];
  if (lines.length > room) {
    lines.splice(room);
    const last = lines[room - 1]!;
    lines[room - 1] = truncateToWidth(`${last}  `, displayWidth(last)); // ends in …
  }
  return lines.map((text) => [{ text }]);
}

/** The process's GPU memory over time, when at least a label and two rows fit. */
function memoryChart(input: DetailInput, rowsFree: number): Line[] {
  const values = input.history?.memoryOf(input.processKey) ?? [];
  const height = Math.min(MAX_CHART_HEIGHT, rowsFree - 1);
  if (height < 2 || values.length === 0) return [];
  const top = Math.max(0, ...values.filter((v): v is number => v !== null)) || 1;
  const width = Math.max(1, input.width - 2);
  const cells = input.unicode ? UNICODE_CELLS : ASCII_CELLS;
  const range = `${input.unicode ? "0–" : "0-"}${formatBytes(top)}`;
  const label = chartLabel(`GPU MEM ${range}`, spanText(width, input.intervalMs), width);
  const rows = chartRows({ values, min: 0, max: top }, width, height, cells);
  return [[{ text: ` ${label}` }], ...rows.map((text) => [{ text: ` ${text}`, sgr: SGR.cyan }])];
}

export function detailPanel(input: DetailInput): Line[] {
  const rows = input.processes.filter((p) => processKey(p) === input.processKey);
  const first = rows[0];
  if (first === undefined) {
    const pid = input.processKey.split("@")[0]!.split(" ").at(-1); // `[host ]pid@start`
    return [
      [{ text: chartLabel(` PID ${pid}`, CLOSE_HINT, input.width), sgr: SGR.bold }],
      [{ text: " no longer in the reading: it has exited, or stopped using the GPU" }],
    ];
  }
  const fixed = [
    headerLine(first, input.width),
    ...flowed(infoItems(first, input.nowMs), input.width),
    ...deviceLines(rows, input.devices, input.width),
  ].slice(0, Math.max(1, input.rows - 2));
  const command = commandLines(first, input.width, input.rows - fixed.length);
  const chart = memoryChart(input, input.rows - fixed.length - command.length);
  return [...fixed, ...command, ...chart];
}
