/**
 * The default human view: a devices table, device errors, a blank line, then the
 * processes table, then one line per backend that failed (status `error`). Without devices it
 * says so and, when some backend was not ok, points at `gputop backends`.
 */
import { deviceLabel, devicesInListingOrder, partitionLabels } from "../model/partition_order.ts";
import { BACKEND_IDS } from "../model/schema_ids.ts";
import { backendFailureLines } from "./backends_table.ts";
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";
import { colourHealthCells, healthCell, healthReasonLines, showsHealth } from "./health_cells.ts";
import {
  formatCelsius,
  formatClocks,
  formatMemoryUsage,
  formatPercent,
  formatPowerUsage,
  UNKNOWN,
} from "./format_units.ts";
import {
  type CommandCut,
  DEVICE_WIDE_NOTE,
  hasDeviceWideFigure,
  processColumns,
  type ProcessColumnsOptions,
  processRow,
  shownProcessColumns,
  sortProcessesByMemory,
  withMaxWidth,
} from "./process_table.ts";
import { type Column, renderTable, SGR_RESET } from "./table.ts";

export interface SnapshotTableOptions {
  header: boolean;
  color: boolean;
  /** How long command lines may be; cut at `SNAPSHOT_COMMAND_MAX_WIDTH` columns when absent. */
  commandCut?: CommandCut;
  /** `--columns`: the process table's columns (names checked by the CLI), in this order. */
  columns?: readonly string[] | null;
  /** The reading's time, ms since the epoch (the process table's START is relative to it). */
  nowMs?: number;
}

export const NO_GPUS_MESSAGE = "No GPUs found.";
export const BACKENDS_HINT = "Run 'gputop backends' to see why.";
export const NO_PROCESSES_MESSAGE = "No GPU processes found.";

const SGR_YELLOW = "\x1b[33m";

const DEVICE_COLUMNS: readonly Column[] = [
  { title: "GPU", align: "right" },
  { title: "NAME", align: "left", maxWidth: 40 },
  { title: "VENDOR", align: "left" },
  { title: "DRIVER", align: "left", maxWidth: 24 },
  { title: "UTIL", align: "right" },
  { title: "MEMORY", align: "right" },
  { title: "TEMP", align: "right" },
  { title: "POWER", align: "right" },
  { title: "GFX/MEM CLK", align: "right" },
  { title: "SOURCE", align: "left" },
];

/** Narrower than `ps`: command lines cut at this many columns, to leave room for the devices. */
export const SNAPSHOT_COMMAND_MAX_WIDTH = 60;

/** The backends a device's fields came from, in registry order: `nvml+drm`. */
export function summarizeSources(sources: Readonly<Record<string, string>>): string {
  const used = new Set(Object.values(sources));
  const known: string[] = BACKEND_IDS.filter((id) => used.has(id));
  const other = [...used].filter((id) => !known.includes(id)).sort();
  const all = [...known, ...other];
  return all.length === 0 ? UNKNOWN : all.join("+");
}

function driverCell(device: Device): string {
  const parts = [device.driver, device.driverVersion].filter((part) => part !== null);
  return parts.length === 0 ? UNKNOWN : parts.join(" ");
}

const HEALTH_COLUMN: Column = { title: "HEALTH", align: "left" };

/** One device's row; a partition (MIG device) goes by `0:1` and sits indented under its GPU. */
function deviceRow(device: Device, devices: readonly Device[], health: boolean): string[] {
  const label = deviceLabel(device, devices);
  const indent = label.includes(":") ? "  " : "";
  return [
    label,
    ...(health ? [healthCell(device)] : []),
    indent + (device.name ?? UNKNOWN),
    device.vendor,
    driverCell(device),
    formatPercent(device.utilizationPercent),
    formatMemoryUsage(device.memoryUsedBytes, device.memoryTotalBytes),
    formatCelsius(device.temperatureCelsius),
    formatPowerUsage(device.powerWatts, device.powerLimitWatts),
    formatClocks(device.graphicsClockMHz, device.memoryClockMHz),
    summarizeSources(device.sources),
  ];
}

function deviceErrorLines(devices: readonly Device[], color: boolean): string {
  return devices
    .filter((device) => device.error !== null)
    .map((device) => {
      const text = `GPU ${deviceLabel(device, devices)}: ${escapeText(device.error ?? "")}`;
      return (color ? `${SGR_YELLOW}${text}${SGR_RESET}` : text) + "\n";
    })
    .join("");
}

function processSection(
  processes: readonly GpuProcess[],
  options: SnapshotTableOptions & { deviceLabels: ReadonlyMap<string, string> },
): string {
  if (processes.length === 0) return `${NO_PROCESSES_MESSAGE}\n`;
  const sorted = sortProcessesByMemory(processes);
  const note = hasDeviceWideFigure(sorted) ? `${DEVICE_WIDE_NOTE}\n` : "";
  const cut = options.commandCut ?? { maxWidth: SNAPSHOT_COMMAND_MAX_WIDTH };
  // No RSS column, unlike `ps`.
  const base: ProcessColumnsOptions = { rss: false, ...withMaxWidth(cut) };
  const view: ProcessColumnsOptions = {
    ...base,
    shown: shownProcessColumns(sorted, base, options.columns),
    nowMs: options.nowMs ?? 0,
    deviceLabels: options.deviceLabels,
  };
  return renderTable(
    processColumns(view),
    sorted.map((process) => processRow(process, view)),
    { ...options, maxLineWidth: cut.lineWidth },
  ) + note;
}

/** The devices table, with a HEALTH column after GPU when some device's health is known. */
function deviceTable(devices: readonly Device[], options: SnapshotTableOptions): string {
  const health = showsHealth(devices);
  const rows = devices.map((device) => deviceRow(device, devices, health));
  if (!health) return renderTable(DEVICE_COLUMNS, rows, options);
  const [gpu, ...rest] = DEVICE_COLUMNS;
  const table = renderTable([gpu!, HEALTH_COLUMN, ...rest], rows, options);
  if (!options.color) return table;
  const labels = [...(options.header ? [gpu!.title] : []), ...rows.map((row) => row[0] ?? "")];
  const gpuWidth = Math.max(...labels.map((label) => label.length));
  return colourHealthCells(table, gpuWidth + 2, options.header);
}

/** Renders the whole snapshot for a terminal. The text ends with a newline. */
export function renderSnapshotTable(snapshot: Snapshot, given: SnapshotTableOptions): string {
  const options = {
    ...given,
    nowMs: given.nowMs ?? Date.parse(snapshot.timestamp),
    deviceLabels: partitionLabels(snapshot.devices),
  };
  if (snapshot.devices.length === 0) {
    const hint = snapshot.backends.some((backend) => backend.status !== "ok")
      ? `${BACKENDS_HINT}\n`
      : "";
    const processes = snapshot.processes.length === 0
      ? ""
      : "\n" + processSection(snapshot.processes, options);
    return `${NO_GPUS_MESSAGE}\n${backendFailureLines(snapshot.backends, options.color)}` +
      `${hint}${processes}`;
  }
  const devices = devicesInListingOrder(snapshot.devices);
  const failures = backendFailureLines(snapshot.backends, options.color);
  return deviceTable(devices, options) +
    deviceErrorLines(devices, options.color) +
    healthReasonLines(devices, options.color) +
    "\n" +
    processSection(snapshot.processes, options) +
    (failures === "" ? "" : `\n${failures}`);
}
