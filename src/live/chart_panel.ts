/**
 * The history charts of the `top` screen, in the layout `g` chose: per device (its four
 * metrics together), one metric for all devices (each metric's charts side by side), or off.
 * The charts take the rows the device blocks and the process table leave; where fewer than
 * two rows a chart would fit, they give way entirely rather than draw something unreadable.
 */
import type { Device, ListedDevice } from "../model/types.ts";
import { escapeText } from "../render/escape_text.ts";
import { formatBytes, formatWatts } from "../render/format_units.ts";
import {
  ASCII_CELLS,
  chartLabel,
  chartRows,
  type ChartSpec,
  spanText,
  UNICODE_CELLS,
} from "./chart.ts";
import type { HistoryMetric, HistoryView } from "./history.ts";
import { HISTORY_METRICS, historyKey } from "./history.ts";
import { type Line, SGR } from "./styled_line.ts";

export const CHART_LAYOUTS = ["device", "metric", "off"] as const;
export type ChartLayout = typeof CHART_LAYOUTS[number];

export const MIN_CHART_HEIGHT = 2;
export const MAX_CHART_HEIGHT = 8;

export interface ChartPanelInput {
  devices: readonly Device[];
  history: HistoryView | undefined;
  layout: ChartLayout;
  width: number;
  /** Rows the charts may take, label lines included. */
  rowsFree: number;
  unicode: boolean;
  intervalMs: number;
}

interface Cell extends ChartSpec {
  title: string;
  sgr: string;
}

const NAMES: Record<HistoryMetric, string> = {
  utilization: "UTIL",
  memory: "MEM",
  power: "POWER",
  temperature: "TEMP",
};
const COLORS: Record<HistoryMetric, string> = {
  utilization: SGR.green,
  memory: SGR.cyan,
  power: SGR.yellow,
  temperature: SGR.red,
};

function seriesMax(values: readonly (number | null)[]): number {
  return Math.max(0, ...values.filter((v): v is number => v !== null));
}

/** The y range of a metric: a fixed scale where the device states one, else the series' top. */
function rangeOf(metric: HistoryMetric, device: Device, values: readonly (number | null)[]) {
  const top = seriesMax(values);
  switch (metric) {
    case "utilization":
      return { max: 100, text: "0-100 %" };
    case "memory": {
      const max = device.memoryTotalBytes ?? (top || 1);
      return { max, text: `0-${formatBytes(max)}` };
    }
    case "power": {
      const max = device.powerLimitWatts ?? (top || 1);
      return { max, text: `0-${formatWatts(max)}` };
    }
    case "temperature": {
      const max = Math.max(100, top);
      return { max, text: `0-${Math.round(max)} °C` };
    }
  }
}

function cellOf(device: Device, metric: HistoryMetric, history: HistoryView, unicode: boolean) {
  const values = history.seriesOf(historyKey(device))[metric];
  const range = rangeOf(metric, device, values);
  const known = values.some((v) => v !== null);
  const rangeText = unicode ? range.text.replace("-", "–") : range.text.replace("°", "");
  const host = (device as ListedDevice).host;
  const where = host === undefined ? "" : `${escapeText(host)} `;
  const title = `${where}GPU ${device.index} ${NAMES[metric]} ${known ? rangeText : "unknown"}`;
  return { title, sgr: COLORS[metric], values, min: 0, max: range.max };
}

/** Groups of cells, each group starting on a new grid row, and how many cells fit a row. */
function gridOf(
  input: ChartPanelInput,
  history: HistoryView,
  metrics: readonly HistoryMetric[],
): { groups: Cell[][]; perRow: number } {
  const { devices, unicode, width } = input;
  if (input.layout === "device") {
    const groups = devices.map((d) => metrics.map((m) => cellOf(d, m, history, unicode)));
    return { groups, perRow: Math.min(metrics.length, width >= 160 ? 4 : width >= 60 ? 2 : 1) };
  }
  const groups = metrics.map((m) => devices.map((d) => cellOf(d, m, history, unicode)));
  return { groups, perRow: Math.max(1, Math.min(devices.length, Math.floor(width / 30))) };
}

/** All four metrics where they fit two rows tall, else utilization alone, else nothing. */
function fittedGrid(input: ChartPanelInput, history: HistoryView) {
  for (const metrics of [HISTORY_METRICS, ["utilization"] as const]) {
    const { groups, perRow } = gridOf(input, history, metrics);
    const gridRows = groups.reduce((sum, group) => sum + Math.ceil(group.length / perRow), 0);
    const height = Math.min(MAX_CHART_HEIGHT, Math.floor(input.rowsFree / gridRows) - 1);
    const cellWidth = Math.floor((input.width - (perRow - 1)) / perRow);
    if (height >= MIN_CHART_HEIGHT && cellWidth >= 8) return { groups, perRow, height, cellWidth };
  }
  return null;
}

export function chartPanel(input: ChartPanelInput): Line[] {
  const { history } = input;
  if (input.layout === "off" || history === undefined || input.devices.length === 0) return [];
  const grid = fittedGrid(input, history);
  if (grid === null) return [];
  const { groups, perRow, height, cellWidth } = grid;
  const cells = input.unicode ? UNICODE_CELLS : ASCII_CELLS;
  const span = spanText(cellWidth, input.intervalMs);
  const lines: Line[] = [];
  for (const group of groups) {
    for (let at = 0; at < group.length; at += perRow) {
      const row = group.slice(at, at + perRow);
      const drawn = row.map((cell) => chartRows(cell, cellWidth, height, cells));
      lines.push(joinCells(row.map((cell) => ({ text: chartLabel(cell.title, span, cellWidth) }))));
      for (let r = 0; r < height; r++) {
        lines.push(joinCells(row.map((cell, i) => ({ text: drawn[i]![r]!, sgr: cell.sgr }))));
      }
    }
  }
  return lines;
}

function joinCells(segments: { text: string; sgr?: string }[]): Line {
  return segments.flatMap((segment, i) => i === 0 ? [segment] : [{ text: " " }, segment]);
}
