/**
 * The shape of one device field's declaration in `device_fields.ts`, and the pieces those
 * declarations share: schema fragments and the Prometheus units with their conversions.
 *
 * Zod is imported for its types only. A field's schema is a function of `z`, called by
 * `schema.ts` alone, so that the reading path (which needs the field list, the empty device,
 * the CSV columns and the metrics, but never the schema) does not load zod at start.
 */
import type { z } from "../deps/zod.ts";

export type Zod = typeof z;
export type ZodType = z.ZodType;

/**
 * How a field becomes one CSV cell: `value` as it is (text escaped, numbers as printed);
 * `record` flattened to `key=value;key=value`, keys sorted; `list` items joined by `;`
 * (see `render/csv.ts`).
 */
export type CsvForm = "value" | "record" | "list";

/**
 * The Prometheus units a device metric may have: the name's suffix (`_bytes`, `_ratio`, ...)
 * and the conversion from the JSON's unit, which the field's key names. Prometheus wants base
 * units, so percent becomes a 0–1 ratio and MHz becomes hertz.
 */
export const METRIC_UNITS = {
  bytes: { jsonUnit: "Bytes", fromJson: (bytes: number) => bytes },
  celsius: { jsonUnit: "Celsius", fromJson: (celsius: number) => celsius },
  watts: { jsonUnit: "Watts", fromJson: (watts: number) => watts },
  joules: { jsonUnit: "Joules", fromJson: (joules: number) => joules },
  ratio: { jsonUnit: "Percent", fromJson: (percent: number) => percent / 100 },
  hertz: { jsonUnit: "MHz", fromJson: (megahertz: number) => megahertz * 1_000_000 },
} as const satisfies Record<string, { jsonUnit: string; fromJson: (value: number) => number }>;

export type MetricUnit = keyof typeof METRIC_UNITS;

/** A device field that `gputop serve` exports. An unknown (null) value leaves its series out. */
export interface DeviceMetricDeclaration {
  /**
   * Where the family sits among the device families (1 first). The exposition's order is
   * older than some JSON keys (memory used comes before total), so it is stated, not derived.
   */
  order: number;
  /** `gputop_device_…`, ending in `_<unit>` (and `_total` for a counter). */
  name: string;
  type: "gauge" | "counter";
  unit: MetricUnit;
  help: string;
  /** Record fields only: the label that names each key; each key is its own series. */
  keyLabel?: string;
}

interface FieldCommon {
  /** The field's zod type; the JSON Schema (`gputop schema`) is generated from it. */
  schema: (zod: Zod) => ZodType;
  csv: CsvForm;
  metric?: DeviceMetricDeclaration;
}

/**
 * Identity fields (`index`, `id`, `vendor`, `sources`) are set by the merge itself; every
 * other field is a metric a backend may fill, and the empty device starts it at `empty`.
 */
export type DeviceFieldDeclaration =
  & FieldCommon
  & ({ identity: true } | { empty: null });

export type DeviceFieldTable = Readonly<Record<string, DeviceFieldDeclaration>>;

// Schema fragments that many fields (and process fields) share.
export const text = (zod: Zod) => zod.string().nullable();
export const bytes = (zod: Zod) => zod.number().int().nonnegative().nullable();
export const percent = (zod: Zod) => zod.number().min(0).max(100).nullable();
export const numberOrNull = (zod: Zod) => zod.number().nullable();
export const integerOrNull = (zod: Zod) => zod.number().int().nullable();
export const flag = (zod: Zod) => zod.boolean().nullable();
/** A count since some start (driver load, device life): a non-negative integer. */
export const count = (zod: Zod) => zod.number().int().nonnegative().nullable();
/** Engine class → busy percent (0–100). */
export const engines = (zod: Zod) =>
  zod.record(zod.string(), zod.number().min(0).max(100)).nullable();

/**
 * A device that is a slice of another (its `parentId`): a MIG device, with the ids NVML gives
 * its GPU and compute instance, its slot under the parent and its profile (`3g.20gb`).
 */
export const partition = (zod: Zod) =>
  zod.object({
    kind: zod.literal("mig"),
    migIndex: zod.number().int().nonnegative().describe(
      "slot under the parent (nvmlDeviceGetMigDeviceHandleByIndex): the 1 of -i 0:1",
    ),
    gpuInstanceId: zod.number().int().nonnegative(),
    computeInstanceId: zod.number().int().nonnegative(),
    profile: zod.string().nullable().describe("the part of the name after 'MIG '"),
  }).nullable();

// Derivations over any table of declarations: the real one (`device_fields.ts`) and, in the
// tests, the real one with a field added, to see that one entry reaches every output.

/** Each field's zod type, in declaration (JSON key) order. */
export function schemaShapeOf(table: DeviceFieldTable, zod: Zod): Record<string, ZodType> {
  const shape: Record<string, ZodType> = {};
  for (const [field, declaration] of Object.entries(table)) shape[field] = declaration.schema(zod);
  return shape;
}

/** Every metric field at its empty value, in declaration order; identity fields left out. */
export function emptyValuesOf(table: DeviceFieldTable): Record<string, null> {
  const empty: Record<string, null> = {};
  for (const [field, declaration] of Object.entries(table)) {
    if ("empty" in declaration) empty[field] = declaration.empty;
  }
  return empty;
}

/** One CSV column: the field (the header names it) and how its value flattens. */
export interface CsvColumn<Field extends string = string> {
  field: Field;
  form: CsvForm;
}

/** The CSV columns, in declaration order. */
export function csvColumnsOf(table: DeviceFieldTable): CsvColumn[] {
  return Object.entries(table).map(([field, declaration]) => ({ field, form: declaration.csv }));
}

/** An exported field with its metric. */
export interface DeviceMetric<Field extends string = string> extends DeviceMetricDeclaration {
  field: Field;
}

/** The exported fields in exposition order. */
export function metricsOf(table: DeviceFieldTable): DeviceMetric[] {
  return Object.entries(table)
    .flatMap(([field, declaration]) =>
      declaration.metric === undefined ? [] : [{ ...declaration.metric, field }]
    )
    .sort((a, b) => a.order - b.order);
}
