/**
 * The `gputop top` screen, as a pure function: (reading, terminal size, UI state) → exactly
 * `rows` lines, each exactly `columns` display columns wide (padded, or cut by display width
 * without splitting a wide character or an emoji sequence). Untrusted text is escaped before
 * it is measured. Colour is SGR around whole segments, added only after measuring, so a
 * coloured frame and a plain one have the same layout (`styled_line.ts`).
 *
 * Layout: a title line; one block of three lines per device (name, PCI address, engines;
 * utilisation and memory bars; temperature, power, fan, clocks); the history charts where
 * they fit (`chart_panel.ts`); a blank line; the process table filling the rest; a key line
 * at the bottom (K's question or a one-line message in its place). With the detail panel open
 * (Enter), the panel of that process takes everything between the title and the bottom line.
 * An unknown value reads `unknown`, never 0.
 *
 * Each part has its module: `title_line.ts`, `device_block.ts`, `process_table_lines.ts` (rows
 * in the order of `process_order.ts`, the highlighted one from `selection.ts`),
 * `detail_panel.ts`, `key_help.ts`; `viewport.ts` says what fits.
 */
import type { Snapshot } from "../model/types.ts";
import { fitToWidth } from "../render/display_width.ts";
import { deviceBlock } from "./device_block.ts";
import { hostProblemLines } from "./host_problem_lines.ts";
import type { LiveFrameOptions, TerminalSize } from "./frame_options.ts";
import { partitionLabels } from "../model/partition_order.ts";
import { detailPanel } from "./detail_panel.ts";
import { HELP_LINES, keyLine, messageLine, promptLine, searchLine } from "./key_help.ts";
import { scrollShowing, selectedIndex } from "./selection.ts";
import { processTableLines } from "./process_table_lines.ts";
import { fitLine, SGR, styledLine } from "./styled_line.ts";
import { noDevicesText, titleText } from "./title_line.ts";
import type { UiState } from "./ui_state.ts";
import { chartLines, processViewport, visibleReading } from "./viewport.ts";

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
  let range = "";
  if (snapshot === null) {
    lines.push(fitToWidth(" Taking the first reading…", width));
  } else if (state.detail !== null) {
    const panel = detailPanel({
      processKey: state.detail,
      processes: snapshot.processes,
      devices: snapshot.devices,
      width,
      rows: rows - 2,
      nowMs: Date.parse(snapshot.timestamp),
      history: options.processHistory,
      unicode: options.unicode ?? true,
      intervalMs: options.intervalMs,
    });
    for (const line of panel) lines.push(fitLine(line, width, color));
  } else {
    range = readingLines(snapshot, { columns: width, rows }, state, options, lines);
  }
  while (lines.length < rows - 1) lines.push(" ".repeat(width));
  lines.splice(rows - 1);
  lines.push(bottomLine(state, range, width, color));
  return lines.slice(0, rows);
}

/** The device blocks, charts and process table (or help) pushed onto `lines`; the range. */
function readingLines(
  snapshot: Snapshot,
  size: TerminalSize,
  state: UiState,
  options: LiveFrameOptions,
  lines: string[],
): string {
  const { columns: width } = size;
  const { color } = options;
  const { devices, processes } = visibleReading(snapshot, state);
  if (devices.length === 0) lines.push(fitToWidth(noDevicesText(snapshot, options), width));
  for (const text of hostProblemLines(snapshot)) lines.push(fitToWidth(text, width));
  for (const device of devices) {
    for (const line of deviceBlock(device, width)) lines.push(fitLine(line, width, color));
  }
  const charts = chartLines(devices, size, state, options);
  for (const line of charts) lines.push(fitLine(line, width, color));
  lines.push(" ".repeat(width));
  if (state.help) {
    for (const text of HELP_LINES) lines.push(fitToWidth(` ${text}`, width));
    return "";
  }
  const { pageRows } = processViewport(snapshot, size, state, charts.length);
  const selected = selectedIndex(state.selection, processes);
  const scroll = scrollShowing(state.scroll, selected, pageRows, processes.length);
  const nowMs = Date.parse(snapshot.timestamp);
  const table = processTableLines(processes, pageRows, scroll, width, color, nowMs, {
    selected,
    deviceLabels: partitionLabels(snapshot.devices),
  });
  lines.push(...table.lines);
  return table.range;
}

/** The status bar: K's question, else a message, else the filter being typed, else the keys. */
function bottomLine(state: UiState, range: string, width: number, color: boolean): string {
  if (state.prompt !== null) return promptLine(state.prompt, width, color);
  if (state.message !== null) return messageLine(state.message, width, color);
  return state.editing ? searchLine(state.search, width, color) : keyLine(range, width, color);
}
