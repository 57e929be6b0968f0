/** The Prometheus unit conversions and the derivations over a table of declarations. */
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
  text,
} from "../../src/model/device_field_declaration.ts";

Deno.test("METRIC_UNITS: percent → ratio divides by 100, MHz → hertz multiplies by 10⁶", () => {
  assert.equal(METRIC_UNITS.ratio.fromJson(87), 0.87);
  assert.equal(METRIC_UNITS.ratio.fromJson(30), 0.3);
  assert.equal(METRIC_UNITS.hertz.fromJson(1095), 1_095_000_000);
  for (const unit of ["bytes", "celsius", "watts", "joules"] as const) {
    assert.equal(METRIC_UNITS[unit].fromJson(123.456), 123.456, unit);
  }
});

const TABLE: DeviceFieldTable = {
  id: { schema: (zod) => zod.string(), identity: true, csv: "value" },
  label: { schema: text, empty: null, csv: "value" },
  bWatts: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: { order: 2, name: "x_b_watts", type: "gauge", unit: "watts", help: "B." },
  },
  aPercent: {
    schema: numberOrNull,
    empty: null,
    csv: "value",
    metric: { order: 1, name: "x_a_ratio", type: "gauge", unit: "ratio", help: "A." },
  },
};

Deno.test("derivations: declaration order for schema, empty values and CSV; metrics by order", () => {
  assert.deepEqual(Object.keys(schemaShapeOf(TABLE, z)), ["id", "label", "bWatts", "aPercent"]);
  assert.deepEqual(emptyValuesOf(TABLE), { label: null, bWatts: null, aPercent: null });
  assert.deepEqual(csvColumnsOf(TABLE).map((column) => column.field), [
    "id",
    "label",
    "bWatts",
    "aPercent",
  ]);
  assert.deepEqual(metricsOf(TABLE).map((metric) => metric.field), ["aPercent", "bWatts"]);
});
