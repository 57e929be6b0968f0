/**
 * The fields gputop asks nvidia-smi for, and how each cell becomes a model value. The
 * parsers map cells by these lists, never by fixed positions, so the lists can change (or
 * fall back to an older set) without touching the parsers.
 *
 * Names are nvidia-smi's canonical ones (the header names of `--format=csv`), e.g.
 * `clocks.current.graphics` rather than its alias `clocks.gr`. Units with `nounits`:
 * memory MiB, power W, clocks MHz, temperature °C, utilisation and fan %.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { DeviceMetricName, DeviceMetrics, DeviceReading } from "../../model/types.ts";
import { numberCell, textCell } from "./parse_csv.ts";

export const MIB = 1024 * 1024;

/** How one query-gpu cell is stored into a device reading. */
export interface GpuFieldSpec {
  apply(device: DeviceReading, cell: string): void;
}

function into<K extends DeviceMetricName>(
  key: K,
  parse: (cell: string) => DeviceMetrics[K],
): GpuFieldSpec {
  return {
    apply(device, cell) {
      const metrics: { [P in DeviceMetricName]?: DeviceMetrics[P] | undefined } = device;
      metrics[key] = parse(cell);
    },
  };
}

export function mibCell(cell: string): number | null {
  const mib = numberCell(cell, ["MiB"]);
  if (mib === null || mib < 0) return null;
  const bytes = Math.round(mib * MIB);
  // Past 2^53 bytes (8 PiB) the figure cannot be exact, and no GPU has that much: unknown.
  return Number.isSafeInteger(bytes) ? bytes : null;
}

function percentCell(cell: string): number | null {
  const value = numberCell(cell, ["%"]);
  // The schema holds 0–100; anything else is not a reading we understand.
  return value === null || value < 0 || value > 100 ? null : value;
}

function nonNegative(units: readonly string[]): (cell: string) => number | null {
  return (cell) => {
    const value = numberCell(cell, units);
    return value === null || value < 0 ? null : value;
  };
}

function integerCell(cell: string): number | null {
  const value = numberCell(cell, []);
  return value !== null && Number.isSafeInteger(value) ? value : null;
}

function enabledCell(cell: string): boolean | null {
  const text = textCell(cell)?.toLowerCase();
  return text === "enabled" ? true : text === "disabled" ? false : null;
}

const watts = nonNegative(["W"]);
const megahertz = nonNegative(["MHz"]);

/**
 * Every query-gpu field gputop understands. `index` is not a model field (the merge numbers
 * devices); the parser reads it for a device that has neither PCI address nor UUID.
 */
export const GPU_FIELD_SPECS = {
  "index": { apply() {} },
  "uuid": into("uuid", textCell),
  "pci.bus_id": into("pciBusId", (cell) => normalizePciBusId(textCell(cell))),
  "serial": into("serial", textCell),
  "driver_version": into("driverVersion", textCell),
  "memory.total": into("memoryTotalBytes", mibCell),
  "memory.used": into("memoryUsedBytes", mibCell),
  "memory.free": into("memoryFreeBytes", mibCell),
  "utilization.gpu": into("utilizationPercent", percentCell),
  "utilization.memory": into("memoryUtilizationPercent", percentCell),
  "temperature.gpu": into("temperatureCelsius", (cell) => numberCell(cell, ["C"])),
  "power.draw": into("powerWatts", watts),
  "power.limit": into("powerLimitWatts", watts),
  "enforced.power.limit": into("powerLimitWatts", watts),
  "clocks.current.graphics": into("graphicsClockMHz", megahertz),
  "clocks.max.graphics": into("graphicsClockMaxMHz", megahertz),
  "clocks.current.memory": into("memoryClockMHz", megahertz),
  "clocks.max.memory": into("memoryClockMaxMHz", megahertz),
  "fan.speed": into("fanPercent", percentCell),
  "pstate": into("performanceState", textCell),
  "pcie.link.gen.current": into("pcieGeneration", integerCell),
  "pcie.link.width.current": into("pcieWidth", integerCell),
  "mig.mode.current": into("migMode", enabledCell),
  "compute_cap": into("computeCapability", textCell),
  "name": into("name", textCell),
} satisfies Record<string, GpuFieldSpec>;

export type GpuField = keyof typeof GPU_FIELD_SPECS;

/**
 * The query gputop runs first (all fields exist in drivers from about 510 on; the captures
 * in fixtures/nvidia-smi, 590 and 595, have every one). `name` is last: see parse_csv.ts.
 */
export const GPU_FIELDS: readonly GpuField[] = [
  "index",
  "uuid",
  "pci.bus_id",
  "serial",
  "driver_version",
  "memory.total",
  "memory.used",
  "memory.free",
  "utilization.gpu",
  "utilization.memory",
  "temperature.gpu",
  "power.draw",
  "enforced.power.limit",
  "clocks.current.graphics",
  "clocks.max.graphics",
  "clocks.current.memory",
  "clocks.max.memory",
  "fan.speed",
  "pstate",
  "pcie.link.gen.current",
  "pcie.link.width.current",
  "mig.mode.current",
  "compute_cap",
  "name",
];

/**
 * The query for an nvidia-smi that rejects a field of `GPU_FIELDS` (exit 2, `Field "…" is
 * not a valid field to query.`): without `compute_cap` (added around driver 510; 470 lacks
 * it), `mig.mode.current` (450) and `enforced.power.limit` (`power.limit` instead).
 */
export const GPU_FIELDS_CONSERVATIVE: readonly GpuField[] = GPU_FIELDS
  .filter((field) => !["compute_cap", "mig.mode.current"].includes(field))
  .map((field) => field === "enforced.power.limit" ? "power.limit" : field);

/** The `--query-compute-apps` fields; `process_name` last (it may contain commas). */
export const APP_FIELDS = [
  "gpu_bus_id",
  "gpu_uuid",
  "pid",
  "used_gpu_memory",
  "process_name",
] as const;

export type AppField = (typeof APP_FIELDS)[number];
