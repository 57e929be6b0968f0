/**
 * What the `top` screen shows of a reading: the devices and processes under the device
 * filter, and how many process rows fit the terminal (for scrolling).
 */
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import { chartPanel } from "./chart_panel.ts";
import type { LiveFrameOptions, TerminalSize } from "./frame_options.ts";
import type { Line } from "./styled_line.ts";
import { sortProcesses } from "./process_order.ts";
import { searchProcesses } from "./search_input.ts";
import type { UiState } from "./ui_state.ts";

/** The devices and processes the view shows under `state.deviceFilter`. */
export function visibleReading(
  snapshot: Snapshot,
  state: UiState,
): { devices: Device[]; processes: GpuProcess[] } {
  // With --hosts the devices come grouped by host, each host's in index order: kept so.
  const devices = snapshot.hosts === undefined
    ? [...snapshot.devices].sort((a, b) => a.index - b.index)
    : [...snapshot.devices];
  const filter = devices.some((d) => d.index === state.deviceFilter) ? state.deviceFilter : null;
  return {
    devices: filter === null ? devices : devices.filter((d) => d.index === filter),
    processes: orderedProcesses(
      filter === null
        ? snapshot.processes
        : snapshot.processes.filter((p) => p.deviceIndex === filter),
      state,
    ),
  };
}

/** The processes the `/` filter keeps, in the order of `s`, turned round by `r`. */
function orderedProcesses(processes: GpuProcess[], state: UiState): GpuProcess[] {
  const sorted = sortProcesses(searchProcesses(processes, state.search), state.sort);
  return state.reverse ? sorted.reverse() : sorted;
}

/** Process rows the charts always leave, so that they give way before the processes do. */
export const MIN_PROCESS_ROWS = 6;

/** Rows taken by the title, device blocks (or the "No GPUs" line), blank, header, key line. */
function fixedRows(deviceCount: number): number {
  return 1 + Math.max(1, deviceCount * 3) + 1 + 1 + 1;
}

/** The history charts that fit between the device blocks and the process table. */
export function chartLines(
  devices: readonly Device[],
  size: TerminalSize,
  state: UiState,
  options: Pick<LiveFrameOptions, "history" | "unicode" | "intervalMs">,
): Line[] {
  if (state.help) return [];
  return chartPanel({
    devices,
    history: options.history,
    layout: state.charts,
    width: Math.max(1, size.columns),
    rowsFree: size.rows - fixedRows(devices.length) - MIN_PROCESS_ROWS,
    unicode: options.unicode ?? true,
    intervalMs: options.intervalMs,
  });
}

/** How many process rows fit, and how many there are: for scrolling. */
export function processViewport(
  snapshot: Snapshot | null,
  size: TerminalSize,
  state: UiState,
  chartRowCount = 0,
): { pageRows: number; totalRows: number } {
  if (snapshot === null) return { pageRows: 0, totalRows: 0 };
  const { devices, processes } = visibleReading(snapshot, state);
  const used = fixedRows(devices.length) + chartRowCount;
  return { pageRows: Math.max(0, size.rows - used), totalRows: processes.length };
}
