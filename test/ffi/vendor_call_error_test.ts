import assert from "node:assert/strict";
import { notExported, VendorCallError, vendorCalls } from "../../src/ffi/vendor_call_error.ts";

class FooError extends VendorCallError {
  override name = "FooError";
}

const calls = vendorCalls({
  success: 0,
  notExported: 0x78000003,
  message: (code) => `code ${code.toString(16)}`,
  create: (code, symbol, message) => new FooError(code, symbol, message),
});

Deno.test("check() returns for success and throws the typed error otherwise", () => {
  calls.check("fooGet", 0);
  assert.throws(() => calls.check("fooGet", 7), (error: unknown) => {
    assert.ok(error instanceof FooError);
    assert.deepEqual([error.code, error.symbol, error.message], [7, "fooGet", "code 7"]);
    return true;
  });
});

Deno.test("check() with null reports the symbol as not exported with the chosen code", () => {
  assert.throws(() => calls.check("fooNew", null), (error: unknown) => {
    assert.ok(error instanceof FooError);
    assert.equal(error.code, 0x78000003);
    assert.equal(error.message, "fooNew is not exported by this library");
    return true;
  });
});

Deno.test("notExported() builds a plain VendorCallError", () => {
  const error = notExported("barInit", 13);
  assert.deepEqual([error.name, error.code, error.symbol], ["VendorCallError", 13, "barInit"]);
});

Deno.test("u32(), u64() and struct() return what the call wrote, once checked", () => {
  assert.equal(calls.u32("fooCount", (out) => (out[0] = 7, 0)), 7);
  assert.equal(calls.u64("fooHandle", (out) => (out[0] = 2n ** 40n, 0)), 2n ** 40n);
  const bytes = calls.struct("fooInfo", 4, (b) => (b.set([1, 2, 3, 4]), 0)).bytes;
  assert.deepEqual([...bytes], [1, 2, 3, 4]);
  assert.throws(() => calls.u32("fooCount", () => 5), FooError);
  assert.throws(() => calls.u64("fooNew", () => null), /fooNew is not exported/);
  assert.throws(() => calls.struct("fooInfo", 4, () => 9), FooError);
});
