import assert from "node:assert/strict";
import {
  formatQueryValue,
  headerCell,
  NOT_AVAILABLE,
} from "../../../src/render/nvsmi_query/query_field.ts";
import { GPU_QUERY_FIELDS } from "../../../src/render/nvsmi_query/gpu_fields.ts";

const MIB = 1024 * 1024;

Deno.test("formatQueryValue: units as nvidia-smi prints them, and without (nounits)", () => {
  assert.equal(formatQueryValue("mib", 81559 * MIB, true), "81559 MiB");
  assert.equal(formatQueryValue("mib", 81559 * MIB, false), "81559");
  assert.equal(formatQueryValue("percent", 87, true), "87 %");
  assert.equal(formatQueryValue("mhz", 1755, true), "1755 MHz");
  // 523,456 mW from the library: watts with two decimals.
  assert.equal(formatQueryValue("watts", 523.456, true), "523.46 W");
  assert.equal(formatQueryValue("watts", 700, true), "700.00 W");
  assert.equal(formatQueryValue("watts", 700, false), "700.00");
  assert.equal(formatQueryValue("integer", 64, true), "64");
  assert.equal(formatQueryValue("text", "P0", true), "P0");
  assert.equal(formatQueryValue("enabled", true, true), "Enabled");
  assert.equal(formatQueryValue("enabled", false, false), "Disabled");
});

Deno.test("formatQueryValue: whole numbers are rounded to the nearest; MiB too", () => {
  assert.equal(formatQueryValue("percent", 29.8, true), "30 %");
  assert.equal(formatQueryValue("percent", 2.1497859, false), "2");
  assert.equal(formatQueryValue("integer", 61.5, true), "62");
  assert.equal(formatQueryValue("mib", 1490378752, true), "1421 MiB"); // 1421.33 MiB
  assert.equal(formatQueryValue("mib", 7082778624, true), "6755 MiB"); // 6754.67 MiB
  assert.equal(formatQueryValue("watts", 0.017451683, true), "0.02 W");
});

Deno.test("formatQueryValue: no value is [N/A], with no unit after it", () => {
  for (const kind of ["text", "integer", "enabled", "mib", "percent", "watts", "mhz"] as const) {
    assert.equal(formatQueryValue(kind, null, true), NOT_AVAILABLE);
    assert.equal(formatQueryValue(kind, null, false), "[N/A]");
  }
  assert.equal(formatQueryValue("text", "", true), "[N/A]");
  assert.equal(formatQueryValue("mib", Number.NaN, true), "[N/A]");
  assert.equal(formatQueryValue("percent", "87", true), "[N/A]", "a number field given text");
  assert.equal(formatQueryValue("enabled", 1, true), "[N/A]");
});

Deno.test("formatQueryValue: control characters in text are escaped", () => {
  assert.equal(formatQueryValue("text", "evil\x1b[2Jname\n", true), "evil\\e[2Jname\\n");
});

Deno.test("headerCell: the canonical name, with [unit] where the value has one", () => {
  const cell = (name: string) => headerCell(GPU_QUERY_FIELDS.find((f) => f.name === name)!);
  assert.equal(cell("memory.used"), "memory.used [MiB]");
  assert.equal(cell("utilization.gpu"), "utilization.gpu [%]");
  assert.equal(cell("power.draw"), "power.draw [W]");
  assert.equal(cell("clocks.current.graphics"), "clocks.current.graphics [MHz]");
  assert.equal(cell("temperature.gpu"), "temperature.gpu");
  assert.equal(cell("index"), "index");
});
