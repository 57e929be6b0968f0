/**
 * A data table (one entry per device field, so it outgrows the 300-line limit by design).
 * Every device field, declared once, in JSON key order: its zod type, its empty value, how it
 * flattens into its CSV column and, when `gputop serve` exports it, its Prometheus metric.
 * The device schema, the empty device, the field lists, the CSV columns and the exporter's
 * device families all derive from this table (the terminal table's columns are composite and
 * stay in `render/snapshot_table.ts`). The declaration's shape: `device_field_declaration.ts`.
 */
import { BACKEND_IDS } from "./backend_ids.ts";
import { CLOCK_EVENT_REASONS, HEALTH_STATES } from "./health_vocabulary.ts";
import {
  bytes,
  count,
  type CsvColumn,
  csvColumnsOf,
  type DeviceFieldTable,
  type DeviceMetric,
  engines,
  flag,
  integerOrNull,
  metricsOf,
  numberOrNull,
  partition,
  percent,
  schemaShapeOf,
  text,
  type Zod,
} from "./device_field_declaration.ts";

/**
 * GPU vendor. PCI devices: from the PCI vendor id. SoC (platform) GPUs, which have none: from
 * the driver (panfrost, panthor, lima → arm; msm → qualcomm; v3d, vc4 → broadcom; etnaviv →
 * vivante; asahi → apple; powervr → imagination). "other" when neither says.
 */
export const VENDORS = [
  "nvidia",
  "amd",
  "intel",
  "apple",
  "arm",
  "qualcomm",
  "broadcom",
  "vivante",
  "imagination",
  "other",
] as const;

/** What a device is: a GPU, or an NPU (the kernel's `accel` class: `/dev/accel/accel<N>`). */
export const DEVICE_CLASSES = ["gpu", "npu"] as const;

export const DEVICE_FIELD_DECLARATIONS = {
  index: { schema: (z) => z.number().int().nonnegative(), identity: true, csv: "value" },
  id: {
    schema: (z) => z.string().describe("PCI address when known, else UUID, else backend-local id"),
    identity: true,
    csv: "value",
  },
  vendor: { schema: (z) => z.enum(VENDORS), identity: true, csv: "value" },
  // Not a Prometheus label: adding one would change the series identity of every GPU.
  deviceClass: {
    schema: (z) =>
      z.enum(DEVICE_CLASSES).nullable().describe(
        "gpu, or npu for a compute accelerator of the kernel's accel class (/dev/accel)",
      ),
    empty: null,
    csv: "value",
  },
  name: { schema: text, empty: null, csv: "value" },
  uuid: { schema: text, empty: null, csv: "value" },
  serial: { schema: text, empty: null, csv: "value" },
  pciBusId: {
    schema: (z) => text(z).describe("normalised 0000:01:00.0, lower case"),
    empty: null,
    csv: "value",
  },
  driver: { schema: text, empty: null, csv: "value" },
  driverVersion: { schema: text, empty: null, csv: "value" },
  cudaDriverVersion: { schema: text, empty: null, csv: "value" },
  architecture: { schema: text, empty: null, csv: "value" },
  computeCapability: { schema: text, empty: null, csv: "value" },
  memoryTotalBytes: {
    schema: bytes,
    empty: null,
    csv: "value",
    metric: {
      order: 2,
      name: "gputop_device_memory_total_bytes",
      type: "gauge",
      unit: "bytes",
      help: "Device memory size.",
    },
  },
  memoryUsedBytes: {
    schema: bytes,
    empty: null,
    csv: "value",
    metric: {
      order: 1,
      name: "gputop_device_memory_used_bytes",
      type: "gauge",
      unit: "bytes",
      help: "Device memory in use.",
    },
  },
  memoryFreeBytes: {
    schema: bytes,
    empty: null,
    csv: "value",
    metric: {
      order: 3,
      name: "gputop_device_memory_free_bytes",
      type: "gauge",
      unit: "bytes",
      help: "Device memory free.",
    },
  },
  memoryShared: {
    schema: (z) => flag(z).describe("true for integrated / unified memory"),
    empty: null,
    csv: "value",
  },
  gttTotalBytes: { schema: bytes, empty: null, csv: "value" },
  gttUsedBytes: { schema: bytes, empty: null, csv: "value" },
  utilizationPercent: {
    schema: percent,
    empty: null,
    csv: "value",
    metric: {
      order: 4,
      name: "gputop_device_utilization_ratio",
      type: "gauge",
      unit: "ratio",
      help: "Device busy fraction, 0 to 1.",
    },
  },
  utilizationSource: {
    schema: (z) =>
      z.enum(["device", "processes"]).nullable().describe(
        "where utilizationPercent comes from: the device's own busy counter, or the sum of " +
          "its processes' engine use (i915, xe have no device busy counter)",
      ),
    empty: null,
    csv: "value",
  },
  memoryUtilizationPercent: {
    schema: percent,
    empty: null,
    csv: "value",
    metric: {
      order: 5,
      name: "gputop_device_memory_utilization_ratio",
      type: "gauge",
      unit: "ratio",
      help: "Fraction of time device memory was being read or written, 0 to 1.",
    },
  },
  engines: {
    schema: engines,
    empty: null,
    csv: "record",
    metric: {
      order: 13,
      name: "gputop_device_engine_utilization_ratio",
      type: "gauge",
      unit: "ratio",
      help: "Busy fraction of one engine class (render, compute, copy, video, ...), 0 to 1.",
      keyLabel: "engine",
    },
  },
  temperatureCelsius: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 6,
      name: "gputop_device_temperature_celsius",
      type: "gauge",
      unit: "celsius",
      help: "Device temperature.",
    },
  },
  temperaturesCelsius: {
    schema: (z) =>
      z.record(z.string(), z.number()).nullable().describe(
        "sensor label → °C (edge, junction, mem, ...)",
      ),
    empty: null,
    csv: "record",
  },
  powerWatts: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 7,
      name: "gputop_device_power_watts",
      type: "gauge",
      unit: "watts",
      help: "Device power draw.",
    },
  },
  powerLimitWatts: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 8,
      name: "gputop_device_power_limit_watts",
      type: "gauge",
      unit: "watts",
      help: "Device power limit.",
    },
  },
  energyJoules: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 9,
      name: "gputop_device_energy_joules_total",
      type: "counter",
      unit: "joules",
      help: "Energy the device used since its driver loaded.",
    },
  },
  graphicsClockMHz: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 10,
      name: "gputop_device_graphics_clock_hertz",
      type: "gauge",
      unit: "hertz",
      help: "Graphics (shader) clock.",
    },
  },
  graphicsClockMaxMHz: { schema: numberOrNull, empty: null, csv: "value" },
  graphicsClockMinMHz: {
    schema: (z) =>
      numberOrNull(z).describe("lowest clock the current policy allows (devfreq min_freq)"),
    empty: null,
    csv: "value",
  },
  memoryClockMHz: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: {
      order: 11,
      name: "gputop_device_memory_clock_hertz",
      type: "gauge",
      unit: "hertz",
      help: "Memory clock.",
    },
  },
  memoryClockMaxMHz: { schema: numberOrNull, empty: null, csv: "value" },
  fanPercent: {
    schema: percent,
    empty: null,
    csv: "value",
    metric: {
      order: 12,
      name: "gputop_device_fan_ratio",
      type: "gauge",
      unit: "ratio",
      help: "Fan speed as a fraction of its maximum, 0 to 1.",
    },
  },
  performanceState: { schema: text, empty: null, csv: "value" },
  pcieGeneration: { schema: integerOrNull, empty: null, csv: "value" },
  pcieWidth: { schema: integerOrNull, empty: null, csv: "value" },
  pcieGenerationMax: {
    schema: (z) =>
      integerOrNull(z).describe(
        "highest PCIe generation the device and its slot can train to; the current one " +
          "(pcieGeneration) steps down when the link idles",
      ),
    empty: null,
    csv: "value",
  },
  pcieWidthMax: {
    schema: (z) => integerOrNull(z).describe("most lanes the device and its slot can train to"),
    empty: null,
    csv: "value",
  },
  pcieReplayCount: {
    schema: (z) => count(z).describe("PCIe link replays since the driver loaded"),
    empty: null,
    csv: "value",
  },
  eccEnabled: { schema: (z) => flag(z).describe("ECC mode is on"), empty: null, csv: "value" },
  eccErrors: {
    schema: (z) =>
      z.object({
        volatileCorrected: count(z).describe("corrected errors since the driver loaded"),
        volatileUncorrected: count(z).describe("uncorrected errors since the driver loaded"),
        aggregateCorrected: count(z).describe("corrected errors over the device's life"),
        aggregateUncorrected: count(z).describe("uncorrected errors over the device's life"),
      }).nullable().describe("memory ECC error counts; null when no count is known"),
    empty: null,
    csv: "record",
  },
  retiredPages: {
    schema: (z) => count(z).describe("memory pages retired or rows remapped, all causes"),
    empty: null,
    csv: "value",
  },
  retirementPending: {
    schema: (z) => flag(z).describe("a page retirement or row remap waits for a reset"),
    empty: null,
    csv: "value",
  },
  retirementFailed: {
    schema: (z) => flag(z).describe("a retirement or remap failed: the board needs replacing"),
    empty: null,
    csv: "value",
  },
  clockEventReasons: {
    schema: (z) =>
      z.array(z.enum(CLOCK_EVENT_REASONS)).nullable().describe(
        "what holds clocks down now; empty = known, nothing; null = unknown",
      ),
    empty: null,
    csv: "list",
  },
  health: {
    schema: (z) =>
      z.enum(HEALTH_STATES).nullable().describe(
        "verdict over ECC, retirement, PCIe width and clock reasons (README: Health); null " +
          "when none of them is known",
      ),
    empty: null,
    csv: "value",
  },
  healthReasons: {
    schema: (z) =>
      z.array(z.string()).nullable().describe(
        "every finding behind health, warnings included, one short sentence each",
      ),
    empty: null,
    csv: "list",
  },
  xidEventsTotal: {
    schema: (z) =>
      count(z).describe(
        "critical Xid events seen since gputop started watching (NVML, live modes only)",
      ),
    empty: null,
    csv: "value",
  },
  lastXid: {
    schema: (z) => count(z).describe("the latest critical Xid number seen (NVML, live modes)"),
    empty: null,
    csv: "value",
  },
  migMode: { schema: flag, empty: null, csv: "value" },
  parentId: {
    schema: (z) =>
      text(z).describe("id of the device this one is a partition of (a MIG device's GPU)"),
    empty: null,
    csv: "value",
  },
  partition: { schema: partition, empty: null, csv: "record" },
  runtimeStatus: {
    schema: (z) =>
      text(z).describe(
        "PCI runtime power state (active, suspended, ...); suspended devices are not woken",
      ),
    empty: null,
    csv: "value",
  },
  error: {
    schema: (z) => text(z).describe("why this device could not be read fully"),
    empty: null,
    csv: "value",
  },
  sources: {
    schema: (z) => z.record(z.string(), z.enum(BACKEND_IDS)).describe("field name → backend id"),
    identity: true,
    csv: "record",
  },
} satisfies DeviceFieldTable;

type Declarations = typeof DEVICE_FIELD_DECLARATIONS;
export type DeviceFieldName = keyof Declarations;
/** The fields the merge sets itself; the rest are `DeviceMetrics`. */
export type IdentityFieldName = {
  [K in DeviceFieldName]: Declarations[K] extends { identity: true } ? K : never;
}[DeviceFieldName];
/** The zod shape of the device object, field by field. */
export type DeviceShape = { [K in DeviceFieldName]: ReturnType<Declarations[K]["schema"]> };

/** Device fields in JSON key order. */
export const DEVICE_FIELD_NAMES = Object.keys(
  DEVICE_FIELD_DECLARATIONS,
) as readonly DeviceFieldName[];

/** The device object's zod shape, in field order (called by `schema.ts`, which has zod). */
export function deviceSchemaShape(zod: Zod): DeviceShape {
  return schemaShapeOf(DEVICE_FIELD_DECLARATIONS, zod) as DeviceShape;
}

/** The CSV device columns, in field order. */
export const DEVICE_CSV_FIELDS = csvColumnsOf(DEVICE_FIELD_DECLARATIONS) as readonly CsvColumn<
  DeviceFieldName
>[];

/** The fields `gputop serve` exports, in exposition order. */
export const DEVICE_METRICS = metricsOf(DEVICE_FIELD_DECLARATIONS) as readonly DeviceMetric<
  DeviceFieldName
>[];
