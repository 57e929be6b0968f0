import assert from "node:assert/strict";
import { StableDeviceIndexes } from "../../src/model/stable_index.ts";

Deno.test("StableDeviceIndexes numbers a first reading in the order given, from 0", () => {
  const indexes = new StableDeviceIndexes();
  assert.deepEqual(indexes.assign([["pci:a"], ["pci:b"]]), [0, 1]);
});

Deno.test("StableDeviceIndexes keeps numbers, gives newcomers the next one, never reuses", () => {
  const indexes = new StableDeviceIndexes();
  assert.deepEqual(indexes.assign([["pci:c"]]), [0]);
  // a and b sort before c but arrive later: they get 1 and 2, c keeps 0.
  assert.deepEqual(indexes.assign([["pci:a"], ["pci:b"], ["pci:c"]]), [1, 2, 0]);
  // c drops out: a and b keep their numbers; 0 stays reserved.
  assert.deepEqual(indexes.assign([["pci:a"], ["pci:b"]]), [1, 2]);
  // d is new: 3, not the free-looking 0.
  assert.deepEqual(indexes.assign([["pci:a"], ["pci:d"]]), [1, 3]);
  assert.deepEqual(indexes.assign([["pci:c"]]), [0]);
});

Deno.test("StableDeviceIndexes recognises a device by any key it was seen with", () => {
  const indexes = new StableDeviceIndexes();
  assert.deepEqual(indexes.assign([["uuid:u1"], ["pci:b"]]), [0, 1]);
  // The UUID-only device now also has a PCI address: still 0, and known by both after.
  assert.deepEqual(indexes.assign([["pci:a", "uuid:u1"], ["pci:b"]]), [0, 1]);
  assert.deepEqual(indexes.assign([["pci:a"]]), [0]);
});

Deno.test("StableDeviceIndexes never gives two devices of one reading the same index", () => {
  const indexes = new StableDeviceIndexes();
  assert.deepEqual(indexes.assign([["pci:a", "uuid:u1"]]), [0]);
  // Keys that once named one device now name two: the second gets a new number.
  assert.deepEqual(indexes.assign([["pci:a"], ["uuid:u1"]]), [0, 1]);
});
