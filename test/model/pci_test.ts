import assert from "node:assert/strict";
import { normalizePciBusId } from "../../src/model/pci.ts";

Deno.test("normalizePciBusId() accepts the spellings vendors use", () => {
  assert.equal(normalizePciBusId("00000000:01:00.0"), "0000:01:00.0"); // NVML
  assert.equal(normalizePciBusId("0000:C1:00.0"), "0000:c1:00.0"); // upper case
  assert.equal(normalizePciBusId("01:00.0"), "0000:01:00.0"); // no domain
  assert.equal(normalizePciBusId(" 0001:3b:00.1\n"), "0001:3b:00.1");
});

Deno.test("normalizePciBusId() rejects text that is not a PCI address", () => {
  for (
    const text of [
      "",
      "GPU-1234",
      "0000:01:00",
      "0000:01:00.8",
      "123456789:01:00.0",
      null,
      undefined,
    ]
  ) {
    assert.equal(normalizePciBusId(text), null, String(text));
  }
});

Deno.test("normalizePciBusId: the same answer again from memory, for good and bad text alike", () => {
  for (let round = 0; round < 2; round++) {
    assert.equal(normalizePciBusId("00000000:0A:00.0"), "0000:0a:00.0");
    assert.equal(normalizePciBusId("not-an-address"), null);
    assert.equal(normalizePciBusId(` 01:00.0${" ".repeat(40)}`), "0000:01:00.0");
  }
});
