import assert from "node:assert/strict";
import { decodeCString, readCStringPointer } from "../../src/ffi/c_string.ts";

Deno.test("decodeCString() stops at the first NUL", () => {
  const bytes = new TextEncoder().encode("GPU\0junk");
  assert.equal(decodeCString(bytes), "GPU");
});

Deno.test("decodeCString() reads a buffer filled to the end without a NUL", () => {
  assert.equal(decodeCString(new TextEncoder().encode("ABCD")), "ABCD");
});

Deno.test("decodeCString() reads a fixed char array inside a struct", () => {
  const bytes = new Uint8Array(12);
  bytes.set(new TextEncoder().encode("01:00.0"), 4);
  assert.equal(decodeCString(bytes, 4, 4), "01:0");
  assert.equal(decodeCString(bytes, 4, 8), "01:00.0");
  assert.equal(decodeCString(bytes, 4, 100), "01:00.0");
});

Deno.test("decodeCString() turns invalid UTF-8 into U+FFFD instead of throwing", () => {
  assert.equal(decodeCString(new Uint8Array([0x41, 0xff, 0x42, 0])), "A\uFFFDB");
});

Deno.test("readCStringPointer() reads a const char* and gives null for NULL", () => {
  const bytes = new TextEncoder().encode("Driver Not Loaded\0");
  assert.equal(readCStringPointer(Deno.UnsafePointer.of(bytes)), "Driver Not Loaded");
  assert.equal(readCStringPointer(null), null);
});
