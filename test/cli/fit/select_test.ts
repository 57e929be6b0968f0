import assert from "node:assert/strict";
import { devicesThatFit } from "../../../src/cli/fit/select.ts";
import { makeDevice } from "../../render/snapshot_builder.ts";

Deno.test("devicesThatFit() keeps devices with at least SIZE free, most free first", () => {
  const devices = [
    makeDevice({ index: 0, memoryFreeBytes: 100 }),
    makeDevice({ index: 1, memoryFreeBytes: 300 }),
    makeDevice({ index: 2, memoryFreeBytes: null }), // unknown never fits
    makeDevice({ index: 3, memoryFreeBytes: 99 }),
    makeDevice({ index: 4, memoryFreeBytes: 300 }), // tie with 1: lower index first
  ];
  assert.deepEqual(devicesThatFit(devices, 100).map((d) => d.index), [1, 4, 0]);
  assert.deepEqual(devicesThatFit(devices, 301), []);
  assert.deepEqual(devicesThatFit(devices, 0).map((d) => d.index), [1, 4, 0, 3]);
});
