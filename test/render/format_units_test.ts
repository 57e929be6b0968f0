import assert from "node:assert/strict";
import {
  formatBytes,
  formatCelsius,
  formatClocks,
  formatEngines,
  formatMemoryUsage,
  formatMHz,
  formatPercent,
  formatPowerUsage,
  formatWatts,
} from "../../src/render/format_units.ts";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

Deno.test("formatBytes: binary units, compact", () => {
  assert.equal(formatBytes(0), "0 B");
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(1536), "1.5 KiB");
  assert.equal(formatBytes(512 * MiB), "512 MiB");
  assert.equal(formatBytes(7.8 * GiB), "7.8 GiB");
  assert.equal(formatBytes(24 * GiB), "24.0 GiB");
  assert.equal(formatBytes(2 * 1024 * GiB), "2.0 TiB");
});

Deno.test("formatBytes: steps up instead of printing 1024", () => {
  assert.equal(formatBytes(1023.9 * MiB), "1.0 GiB");
  assert.equal(formatBytes(1023 * MiB), "1023 MiB");
  assert.equal(formatBytes(99.97 * MiB), "100 MiB");
});

Deno.test("every formatter returns - for null and non-finite values", () => {
  for (const format of [formatBytes, formatWatts, formatCelsius, formatPercent, formatMHz]) {
    assert.equal(format(null), "-");
    assert.equal(format(Number.NaN), "-");
    assert.equal(format(Number.POSITIVE_INFINITY), "-");
  }
  assert.equal(formatMemoryUsage(null, null), "-");
  assert.equal(formatPowerUsage(null, null), "-");
  assert.equal(formatClocks(null, null), "-");
  assert.equal(formatEngines(null), "-");
  assert.equal(formatEngines({}), "-");
});

Deno.test("watts, degrees, percent and clocks", () => {
  assert.equal(formatWatts(123.44), "123.4 W");
  assert.equal(formatWatts(0), "0.0 W");
  assert.equal(formatCelsius(45.4), "45 °C");
  assert.equal(formatPercent(37.2), "37%");
  assert.equal(formatMHz(1980), "1980 MHz");
});

Deno.test("pairs", () => {
  assert.equal(formatMemoryUsage(3.2 * GiB, 24 * GiB), "3.2 GiB / 24.0 GiB");
  assert.equal(formatMemoryUsage(null, 24 * GiB), "- / 24.0 GiB");
  assert.equal(formatPowerUsage(123.4, 450), "123.4 / 450.0 W");
  assert.equal(formatPowerUsage(123.4, null), "123.4 W");
  assert.equal(formatPowerUsage(null, 450), "- / 450.0 W");
  assert.equal(formatClocks(1980, 10501), "1980/10501 MHz");
  assert.equal(formatClocks(1980, null), "1980/- MHz");
});

Deno.test("formatEngines: busiest first, idle ones left out", () => {
  assert.equal(formatEngines({ render: 12, copy: 0 }), "render 12%");
  assert.equal(formatEngines({ copy: 5, render: 12, video: 5 }), "render 12%, copy 5%, video 5%");
  assert.equal(formatEngines({ a: 1, b: 2, c: 3, d: 4 }), "d 4%, c 3%, b 2% +1");
  assert.equal(formatEngines({ render: 0, copy: 0 }), "0%");
});
