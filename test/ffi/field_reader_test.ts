import assert from "node:assert/strict";
import { FieldReader, mapOrNull, nullOnError } from "../../src/ffi/field_reader.ts";
import { VendorCallError } from "../../src/ffi/vendor_call_error.ts";

class FakeError extends VendorCallError {}

/** Codes of a made-up library: 3 = not supported (quiet), 9 = device lost (fatal). */
const CODES = {
  errorType: FakeError,
  isFatalForDevice: (code: number) => code === 9,
  isQuietlyUnsupported: (code: number) => code === 3,
};

const fail = (code: number, message: string) => () => {
  throw new FakeError(code, "fakeCall", message);
};

Deno.test("FieldReader: a quiet code is null with no error; another is null and named", () => {
  const fields = new FieldReader(CODES);
  assert.equal(fields.read("fan", fail(3, "not supported")), null);
  assert.equal(fields.read("clock", fail(5, "unknown error")), null);
  assert.equal(fields.read("power", () => 42), 42);
  assert.equal(fields.lost, false);
  assert.equal(fields.error, "clock: unknown error");
});

Deno.test("FieldReader: a fatal code stops later reads and comes first in error", () => {
  const fields = new FieldReader(CODES);
  assert.equal(fields.read("clock", fail(5, "unknown error")), null);
  assert.equal(fields.read("memory", fail(9, "GPU is lost")), null);
  let called = false;
  assert.equal(fields.read("power", () => (called = true)), null);
  assert.equal(called, false);
  assert.equal(fields.lost, true);
  assert.equal(fields.error, "GPU is lost; clock: unknown error");
});

Deno.test("FieldReader: labelFatal names the field in the fatal message", () => {
  const fields = new FieldReader({ ...CODES, labelFatal: true });
  fields.read("BDF", fail(9, "not initialised"));
  assert.equal(fields.error, "BDF: not initialised");
});

Deno.test("FieldReader and nullOnError throw on what is not the library's error", () => {
  const bug = () => {
    throw new TypeError("bug");
  };
  assert.throws(() => new FieldReader(CODES).read("x", bug), TypeError);
  assert.throws(() => nullOnError(FakeError, bug), TypeError);
  assert.equal(nullOnError(FakeError, fail(5, "unknown error")), null);
  assert.equal(nullOnError(FakeError, () => "ok"), "ok");
});

Deno.test("mapOrNull maps a value and passes null through", () => {
  assert.equal(mapOrNull(2, (v) => v * 1000), 2000);
  assert.equal(mapOrNull(null as number | null, (v) => v * 1000), null);
});
