/**
 * The merge's key for one process on one device (`src/model/merge_key.ts`): a number for real
 * pids and indexes, one per (pid, device) pair, and a string for anything else, so two pairs
 * never share a key and odd backend values still merge by their text.
 */
import assert from "node:assert/strict";
import { mergeKeyOf } from "../../src/model/merge_key.ts";
import type { Device } from "../../src/model/types.ts";

const on = (index: number) => ({ index }) as Device;

Deno.test("merge key: a number per (pid, device), distinct across pairs", () => {
  const pairs: [number, Device | null][] = [
    [0, null],
    [0, on(0)],
    [1, null],
    [1, on(0)],
    [1, on(1)],
    [2, on(0)],
    [4_194_304, on(7)],
    [2 ** 31 - 1, on(2 ** 21 - 2)],
  ];
  const keys = pairs.map(([pid, device]) => mergeKeyOf(pid, device));
  for (const key of keys) assert.equal(typeof key, "number");
  for (const key of keys) assert.ok(Number.isSafeInteger(key));
  assert.equal(new Set(keys).size, pairs.length);
  assert.equal(mergeKeyOf(42, on(3)), mergeKeyOf(42, on(3)));
});

Deno.test("merge key: an odd pid or index falls back to the text key", () => {
  assert.equal(mergeKeyOf(-1, on(0)), "-1\u00000");
  assert.equal(mergeKeyOf(1.5, null), "1.5\u0000-");
  assert.equal(mergeKeyOf(Number.NaN, on(0)), "NaN\u00000");
  assert.equal(mergeKeyOf(2 ** 31, on(0)), `${2 ** 31}\u00000`);
  assert.equal(mergeKeyOf(5, on(2 ** 21)), `5\u0000${2 ** 21}`);
  assert.equal(mergeKeyOf(5, on(-2)), "5\u0000-2");
});
