/**
 * The byte parser's bounded memories: a hit needs the very same bytes, a run too long is never
 * kept, a slot keeps one run, and `prefixLength` matches only a run the bytes start with.
 */
import assert from "node:assert/strict";
import { ByteKeyedCache, ByteSlots } from "../../../src/linux/fdinfo/byte_keyed_cache.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("ByteKeyedCache: finds what was put for the same bytes only", () => {
  const cache = new ByteKeyedCache<string>(8, 16);
  const text = bytes("xxdrm-driver:amdgpu");
  assert.equal(cache.get(text, 2, 12), undefined);
  cache.put(text, 2, 12, "drm-driver");
  assert.equal(cache.get(bytes("drm-driver"), 0, 10), "drm-driver");
  assert.equal(cache.get(bytes("drm-drivex"), 0, 10), undefined);
  assert.equal(cache.get(bytes("drm-drive"), 0, 9), undefined);
  // Longer than maxBytes: never kept.
  const long = bytes("a".repeat(17));
  assert.equal(cache.get(long, 0, 17), undefined);
  cache.put(long, 0, 17, "long");
  assert.equal(cache.get(long, 0, 17), undefined);
});

Deno.test("ByteSlots: one run per slot, matched whole or as a prefix", () => {
  const slots = new ByteSlots<number>(2, 8);
  const line = bytes("pos:\t0\n");
  assert.equal(slots.prefixLength(0, line, 0, line.length), -1); // empty
  slots.set(0, line, 0, 4, 7); // "pos:"
  assert.equal(slots.prefixLength(0, line, 0, line.length), 4);
  assert.equal(slots.value(0), 7);
  assert.equal(slots.prefixLength(0, line, 0, 3), -1); // the bytes end before the run does
  assert.equal(slots.prefixLength(0, bytes("ino:\t1"), 0, 6), -1);
  assert.equal(slots.prefixLength(1, line, 0, line.length), -1); // another slot
  assert.equal(slots.get(0, bytes("pos:"), 0, 4), 7);
  assert.equal(slots.get(0, bytes("pos:x"), 0, 5), undefined);
  slots.set(0, bytes("123456789"), 0, 9, 1); // too long: the slot is emptied
  assert.equal(slots.get(0, bytes("pos:"), 0, 4), undefined);
  assert.equal(slots.get(0, bytes("123456789"), 0, 9), undefined);
});

Deno.test("ByteSlots: a run compared four bytes at a time differs at any byte, at any offset", () => {
  const run = "drm-resident-vram:"; // 18 bytes: four words and two bytes
  const slots = new ByteSlots<number>(3, 64);
  slots.set(2, bytes(`##${run}`), 2, 2 + run.length, 5);
  for (let offset = 0; offset < 5; offset++) {
    // The bytes a view of a larger buffer, the run at an unaligned place in it.
    const whole = bytes(`${"-".repeat(3 + offset)}${run}\t1 KiB\n`);
    const view = whole.subarray(3, whole.length);
    assert.equal(slots.prefixLength(2, view, offset, view.length), run.length, `offset ${offset}`);
    for (let at = 0; at < run.length; at++) {
      const changed = view.slice();
      changed[offset + at] = changed[offset + at]! ^ 1;
      assert.equal(slots.prefixLength(2, changed, offset, changed.length), -1, `byte ${at}`);
      assert.equal(slots.get(2, changed, offset, offset + run.length), undefined, `byte ${at}`);
    }
    assert.equal(slots.get(2, view, offset, offset + run.length), 5);
  }
});
