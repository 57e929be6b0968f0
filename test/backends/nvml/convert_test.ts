import assert from "node:assert/strict";
import {
  architectureName,
  bytesOrNull,
  cudaVersionText,
  knownU32,
  millijoulesToJoules,
  milliwattsToWatts,
  percent,
  performanceStateName,
} from "../../../src/backends/nvml/convert.ts";

Deno.test("NVML_VALUE_NOT_AVAILABLE becomes null, never a number", () => {
  assert.equal(knownU32(0xffffffff), null);
  assert.equal(knownU32(0), 0);
  assert.equal(bytesOrNull(0xffffffffffffffffn), null);
  assert.equal(bytesOrNull(1073741824n), 1073741824);
  assert.equal(percent(0xffffffff), null);
  assert.equal(milliwattsToWatts(0xffffffff), null);
  assert.equal(millijoulesToJoules(0xffffffffffffffffn), null);
});

Deno.test("percent() caps at 100 (NVML fan speed may pass it)", () => {
  assert.deepEqual([percent(0), percent(55), percent(100), percent(120)], [0, 55, 100, 100]);
});

Deno.test("milliwatts and millijoules become watts and joules", () => {
  assert.equal(milliwattsToWatts(123456), 123.456);
  assert.equal(millijoulesToJoules(987654321012n), 987654321.012);
});

Deno.test("performanceStateName() names P0–P15 and leaves unknown (32) null", () => {
  assert.deepEqual(
    [0, 8, 15, 16, 32].map(performanceStateName),
    ["P0", "P8", "P15", null, null],
  );
});

Deno.test("architectureName() names NVML_DEVICE_ARCH_* and leaves unknown null", () => {
  assert.deepEqual(
    [2, 7, 8, 9, 10, 0xffffffff, 1].map(architectureName),
    ["Kepler", "Ampere", "Ada", "Hopper", "Blackwell", null, null],
  );
});

Deno.test("cudaVersionText() decodes 1000 × major + 10 × minor", () => {
  assert.deepEqual(
    [12020, 11080, 12040, 0].map(cudaVersionText),
    ["12.2", "11.8", "12.4", null],
  );
});
