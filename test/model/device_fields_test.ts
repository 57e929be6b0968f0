/**
 * The device field declarations are the one place a device field is stated: the schema, the
 * empty device, the field list, the CSV columns and the exporter's device families must all be
 * exactly what the declarations say, and a field added to the table must reach each of them.
 */
import assert from "node:assert/strict";
import { z } from "../../src/deps/zod.ts";
import {
  csvColumnsOf,
  type DeviceFieldTable,
  emptyValuesOf,
  METRIC_UNITS,
  metricsOf,
  numberOrNull,
  schemaShapeOf,
  type ZodType,
} from "../../src/model/device_field_declaration.ts";
import {
  DEVICE_CSV_FIELDS,
  DEVICE_FIELD_DECLARATIONS,
  DEVICE_FIELD_NAMES,
  DEVICE_METRICS,
} from "../../src/model/device_fields.ts";
import { emptyDeviceMetrics } from "../../src/model/empty_device.ts";
import { DeviceSchema } from "../../src/model/schema.ts";
import { DEVICE_FIELDS } from "../../src/model/schema_ids.ts";
import type { Device } from "../../src/model/types.ts";
import { DEVICE_CSV_COLUMNS, renderDeviceRows } from "../../src/render/csv.ts";
import { renderExposition } from "../../src/render/prometheus.ts";
import { deviceFamilies } from "../../src/render/prometheus_device.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";

const TABLE: DeviceFieldTable = DEVICE_FIELD_DECLARATIONS;
const declared = Object.keys(TABLE);

/** The zod type under `.nullable()`, by its definition's type name (`number`, `record`, ...). */
function baseType(schema: ZodType): string {
  let current = schema;
  while (current.def.type === "nullable" || current.def.type === "optional") {
    current = (current.def as unknown as { innerType: ZodType }).innerType;
  }
  return current.def.type;
}

Deno.test("device fields: every schema device key is declared, and every declaration is a key", () => {
  assert.deepEqual(Object.keys(DeviceSchema.shape), declared);
  assert.deepEqual([...DEVICE_FIELDS], declared);
  assert.deepEqual([...DEVICE_FIELD_NAMES], declared);
});

Deno.test("device fields: the empty device has every metric key at its declared empty value", () => {
  const empty = emptyDeviceMetrics() as Record<string, unknown>;
  const metrics = Object.entries(TABLE).filter(([, declaration]) => "empty" in declaration);
  assert.deepEqual(Object.keys(empty), metrics.map(([field]) => field));
  for (const [field, declaration] of metrics) {
    assert.equal(empty[field], "empty" in declaration ? declaration.empty : undefined, field);
  }
  // The merge sets these itself; nothing else may be left out of the empty device.
  const identity = Object.entries(TABLE).filter(([, declaration]) => "identity" in declaration);
  assert.deepEqual(identity.map(([field]) => field), ["index", "id", "vendor", "sources"]);
});

Deno.test("device fields: a record field flattens as a record in CSV, a list as a list, every other one as a value", () => {
  assert.deepEqual([...DEVICE_CSV_COLUMNS], declared);
  for (const [field, declaration] of Object.entries(TABLE)) {
    // An object (a MIG device's partition) flattens as a record too: key=value;key=value.
    const type = baseType(declaration.schema(z));
    const form = ["record", "object"].includes(type)
      ? "record"
      : type === "array"
      ? "list"
      : "value";
    assert.equal(declaration.csv, form, field);
  }
});

Deno.test("device fields: each metric name is unique and ends in its unit (and _total for a counter)", () => {
  assert.ok(DEVICE_METRICS.length > 0);
  const names = DEVICE_METRICS.map((metric) => metric.name);
  assert.equal(new Set(names).size, names.length, names.join(", "));
  for (const metric of DEVICE_METRICS) {
    const suffix = `_${metric.unit}${metric.type === "counter" ? "_total" : ""}`;
    assert.match(metric.name, /^gputop_device_[a-z_]+$/, metric.name);
    assert.ok(metric.name.endsWith(suffix), `${metric.name} does not end in ${suffix}`);
    assert.equal(metric.type === "counter", metric.name.endsWith("_total"), metric.name);
    assert.notEqual(metric.help.trim(), "", metric.name);
    assert.ok(metric.help.endsWith("."), `${metric.name}: help is a sentence`);
  }
});

Deno.test("device fields: an exported field holds numbers in the unit its conversion expects", () => {
  for (const metric of DEVICE_METRICS) {
    const declaration = TABLE[metric.field];
    assert.ok(declaration !== undefined, metric.field);
    const type = baseType(declaration.schema(z));
    if (metric.keyLabel === undefined) {
      // A scalar's key names its JSON unit: the conversion (percent → ratio, ...) must match.
      assert.equal(type, "number", metric.field);
      assert.ok(metric.field.endsWith(METRIC_UNITS[metric.unit].jsonUnit), metric.field);
    } else {
      // A record's values are numbers: one series per key, labelled with `keyLabel`.
      assert.equal(type, "record", metric.field);
      assert.match(metric.keyLabel, /^[a-z_]+$/);
    }
  }
});

Deno.test("device fields: metric orders are 1..n, each once, and the exposition follows them", () => {
  const orders = DEVICE_METRICS.map((metric) => metric.order);
  assert.deepEqual(orders, Array.from({ length: orders.length }, (_, i) => i + 1));
  // Every exported field known: every declared family appears, in the declared order.
  const known: Partial<Device> = { engines: { render: 50 } };
  for (const metric of DEVICE_METRICS) {
    if (metric.keyLabel === undefined) Object.assign(known, { [metric.field]: 1 });
  }
  const text = renderExposition(makeSnapshot({ devices: [makeDevice(known)] }), {
    openMetrics: false,
    processMetrics: false,
    maxProcessSeries: 0,
    sampleDurationSeconds: null,
    version: "0",
    denoVersion: "0",
  });
  const families = [...text.matchAll(/^# TYPE (gputop_device_\S+) (\S+)$/gm)];
  assert.deepEqual(families.map((m) => m[1]), DEVICE_METRICS.map((metric) => metric.name));
  assert.deepEqual(families.map((m) => m[2]), DEVICE_METRICS.map((metric) => metric.type));
});

Deno.test("device fields: the real table's derivations are the ones every output uses", () => {
  assert.deepEqual(metricsOf(TABLE), DEVICE_METRICS);
  assert.deepEqual(csvColumnsOf(TABLE), DEVICE_CSV_FIELDS);
  assert.deepEqual(emptyValuesOf(TABLE), emptyDeviceMetrics());
  assert.deepEqual(Object.keys(schemaShapeOf(TABLE, z)), Object.keys(DeviceSchema.shape));
});

/** The real table with one field more, declared the way a new field would be. */
const EXTENDED: DeviceFieldTable = {
  ...DEVICE_FIELD_DECLARATIONS,
  boardPowerWatts: {
    schema: (zod) => numberOrNull(zod).describe("whole-board power"),
    empty: null,
    csv: "value",
    metric: {
      order: DEVICE_METRICS.length + 1,
      name: "gputop_device_board_power_watts",
      type: "gauge",
      unit: "watts",
      help: "Whole-board power draw.",
    },
  },
};

Deno.test("device fields: a field added to the table reaches the schema, empty device, CSV and metrics", () => {
  const schema = z.toJSONSchema(z.object(schemaShapeOf(EXTENDED, z))) as {
    properties: Record<string, { description?: string }>;
    required: string[];
  };
  assert.equal(Object.keys(schema.properties).at(-1), "boardPowerWatts");
  assert.equal(schema.properties.boardPowerWatts?.description, "whole-board power");
  assert.ok(schema.required.includes("boardPowerWatts"));

  assert.equal(emptyValuesOf(EXTENDED).boardPowerWatts, null);

  const device = { ...makeDevice({ index: 3 }), boardPowerWatts: 250 } as Device;
  const csv = renderDeviceRows(csvColumnsOf(EXTENDED), [device], { header: true });
  const [header, row] = csv.split("\n");
  assert.ok(header?.endsWith(",sources,boardPowerWatts"), header);
  assert.ok(row?.endsWith(",,250"), row); // sources {} is an empty cell, then the new column

  const families = deviceFamilies([device], metricsOf(EXTENDED));
  const board = families.at(-1);
  assert.equal(board?.name, "gputop_device_board_power_watts");
  assert.equal(board?.help, "Whole-board power draw.");
  assert.deepEqual(board?.samples.map((sample) => sample.value), [250]);
});
