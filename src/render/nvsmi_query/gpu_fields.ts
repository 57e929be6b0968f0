/**
 * The `--query-gpu` fields gputop answers, by nvidia-smi's names, in the order
 * `--help-query-gpu` lists them (their descriptions: `field_help.ts`). Each reads one device
 * of the snapshot, whatever its vendor; a value the device lacks prints `[N/A]`.
 *
 * A field nvidia-smi has and gputop does not read yet is declared with `notReadYet`: a valid
 * field that always prints `[N/A]`. When the model gains the value, its `notReadYet(name,
 * kind)` becomes `field(name, kind, device("theNewKey"))`: one line.
 */
import type { Device } from "../../model/types.ts";
import type { QueryField, QueryKind, QueryValue } from "./query_field.ts";
import { formatQueryTimestamp } from "./query_timestamp.ts";

/** One `--query-gpu` row: a device and when its reading was taken. */
export interface GpuQueryRow {
  device: Device;
  /** The snapshot's ISO 8601 timestamp. */
  timestamp: string;
}

type GpuField = QueryField<GpuQueryRow>;

interface Options {
  aliases?: readonly string[];
  rate?: boolean;
}

function field(
  name: string,
  kind: QueryKind,
  value: (row: GpuQueryRow) => QueryValue,
  options: Options = {},
): GpuField {
  return { name, kind, value, aliases: options.aliases ?? [], rate: options.rate ?? false };
}

/** A field read straight from one device key. */
function device<K extends keyof Device>(key: K): (row: GpuQueryRow) => Device[K] {
  return (row) => row.device[key];
}

/** A field gputop's model does not have yet: valid to ask for, always `[N/A]`. */
function notReadYet(name: string, kind: QueryKind, options: Options = {}): GpuField {
  return field(name, kind, () => null, options);
}

/** `00000000:1B:00.0`: nvidia-smi's bus id, 8-digit domain, upper case. */
export function nvidiaBusId(pciBusId: string | null): string | null {
  const match = pciBusId === null ? null : /^([0-9a-f]{4}):(.*)$/i.exec(pciBusId);
  return match ? `0000${match[1]}:${match[2]}`.toUpperCase() : null;
}

const RATE = { rate: true };

export const GPU_QUERY_FIELDS: readonly GpuField[] = [
  field("timestamp", "text", (row) => formatQueryTimestamp(row.timestamp)),
  field("driver_version", "text", device("driverVersion")),
  field("name", "text", device("name"), { aliases: ["gpu_name"] }),
  field("serial", "text", device("serial"), { aliases: ["gpu_serial"] }),
  field("uuid", "text", device("uuid"), { aliases: ["gpu_uuid"] }),
  field("pci.bus_id", "text", (row) => nvidiaBusId(row.device.pciBusId), {
    aliases: ["gpu_bus_id"],
  }),
  field("pcie.link.gen.current", "integer", device("pcieGeneration")),
  field("pcie.link.gen.max", "integer", device("pcieGenerationMax")),
  field("pcie.link.width.current", "integer", device("pcieWidth")),
  field("pcie.link.width.max", "integer", device("pcieWidthMax")),
  field("index", "integer", device("index")),
  field("fan.speed", "percent", device("fanPercent")),
  field("pstate", "text", device("performanceState")),
  notReadYet("clocks_event_reasons.active", "text", {
    aliases: ["clocks_throttle_reasons.active"],
  }),
  field("memory.total", "mib", device("memoryTotalBytes")),
  field("memory.used", "mib", device("memoryUsedBytes")),
  field("memory.free", "mib", device("memoryFreeBytes")),
  field("compute_cap", "text", device("computeCapability")),
  field("utilization.gpu", "percent", device("utilizationPercent"), RATE),
  field("utilization.memory", "percent", device("memoryUtilizationPercent"), RATE),
  field(
    "ecc.errors.corrected.volatile.total",
    "integer",
    (row) => row.device.eccErrors?.volatileCorrected ?? null,
  ),
  field(
    "ecc.errors.uncorrected.volatile.total",
    "integer",
    (row) => row.device.eccErrors?.volatileUncorrected ?? null,
  ),
  field("temperature.gpu", "integer", device("temperatureCelsius")),
  field("power.draw", "watts", device("powerWatts"), RATE),
  field("power.limit", "watts", device("powerLimitWatts")),
  field("enforced.power.limit", "watts", device("powerLimitWatts")),
  field("clocks.current.graphics", "mhz", device("graphicsClockMHz"), { aliases: ["clocks.gr"] }),
  field("clocks.current.memory", "mhz", device("memoryClockMHz"), { aliases: ["clocks.mem"] }),
  field("clocks.max.graphics", "mhz", device("graphicsClockMaxMHz"), {
    aliases: ["clocks.max.gr"],
  }),
  field("clocks.max.memory", "mhz", device("memoryClockMaxMHz"), { aliases: ["clocks.max.mem"] }),
  field("mig.mode.current", "enabled", device("migMode")),
];
