/**
 * What the `top` screen shows of a reading: the devices and processes under the device
 * filter, and how many process rows fit the terminal (for scrolling).
 */
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import type { TerminalSize } from "./frame_options.ts";
import { sortProcesses } from "./process_order.ts";
import type { UiState } from "./ui_state.ts";

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
