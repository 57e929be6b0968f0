import assert from "node:assert/strict";
import { RingBuffer } from "../../src/live/ring_buffer.ts";

Deno.test("RingBuffer: keeps the newest values, oldest first, unknown as null", () => {
  const ring = new RingBuffer(3);
  ring.push(1);
  ring.push(null);
  assert.deepEqual(ring.last(), [1, null]);
  ring.push(3);
  ring.push(4);
  assert.deepEqual(ring.last(), [null, 3, 4]);
  assert.deepEqual(ring.last(2), [3, 4]);
  assert.equal(ring.length, 3);
});

Deno.test("RingBuffer: resized keeps the newest values that fit", () => {
  const ring = new RingBuffer(4);
  for (const v of [1, 2, 3, 4]) ring.push(v);
  assert.deepEqual(ring.resized(2).last(), [3, 4]);
  assert.deepEqual(ring.resized(8).last(), [1, 2, 3, 4]);
  assert.equal(ring.resized(8).capacity, 8);
});
