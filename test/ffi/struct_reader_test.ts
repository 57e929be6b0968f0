import assert from "node:assert/strict";
import { StructBuffer, u64ToNumber } from "../../src/ffi/struct_reader.ts";

Deno.test("StructBuffer reads little-endian fields at their offsets", () => {
  const buffer = new StructBuffer(24);
  buffer.bytes.set([0x28, 0x00, 0x00, 0x02], 0);
  buffer.bytes.set([0xff, 0xff, 0xff, 0xff], 4);
  buffer.bytes.set([0, 0, 0, 0, 0x14, 0, 0, 0], 8);
  assert.equal(buffer.size, 24);
  assert.equal(buffer.u32(0), 0x02000028);
  assert.equal(buffer.i32(4), -1);
  assert.equal(buffer.u32(4), 0xffffffff);
  assert.equal(buffer.u64(8), 80n * 2n ** 30n);
});

Deno.test("StructBuffer keeps u64 values past 2^53 exact as bigint", () => {
  const buffer = new StructBuffer(8);
  buffer.setU64(0, 0xffffffffffffffffn);
  assert.equal(buffer.u64(0), 18446744073709551615n);
});

Deno.test("StructBuffer writes fields a library reads (a version field)", () => {
  const buffer = new StructBuffer(8);
  buffer.setU32(0, 0x02000028);
  assert.deepEqual([...buffer.bytes.subarray(0, 4)], [0x28, 0x00, 0x00, 0x02]);
});

Deno.test("StructBuffer over existing bytes reads array entries at a stride", () => {
  const bytes = new Uint8Array(48);
  const writer = new DataView(bytes.buffer);
  writer.setUint32(0, 4242, true);
  writer.setUint32(24, 5151, true);
  const entries = new StructBuffer(bytes.subarray(0, 48));
  assert.deepEqual([entries.u32(0), entries.u32(24)], [4242, 5151]);
});

Deno.test("StructBuffer over a subarray reads from the subarray's start", () => {
  const bytes = new Uint8Array(16);
  new DataView(bytes.buffer).setUint32(8, 7, true);
  assert.equal(new StructBuffer(bytes.subarray(8)).u32(0), 7);
});

Deno.test("StructBuffer.string() reads a fixed char array", () => {
  const buffer = new StructBuffer(68);
  buffer.bytes.set(new TextEncoder().encode("00000000:07:00.0"), 36);
  assert.equal(buffer.string(36, 32), "00000000:07:00.0");
  assert.equal(buffer.string(0, 16), "");
});

Deno.test("u64ToNumber() converts a byte count", () => {
  assert.equal(u64ToNumber(85899345920n), 85899345920);
});
