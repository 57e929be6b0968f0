import assert from "node:assert/strict";
import {
  bdfToPciBusId,
  celsiusOrNull,
  energyJoules,
  knownU32,
  mebibytesToBytes,
  percentOrNull,
  productNameOrNull,
  uuidOrNull,
} from "../../../src/backends/amdsmi/convert.ts";

Deno.test("bdfToPciBusId decodes amdsmi's bit layout (domain at bit 16)", () => {
  // domain 0x1234, bus 0xc1, device 0x1f, function 5 → 0x1234c1fd (reference figure)
  assert.equal(bdfToPciBusId(0x1234c1fdn), "1234:c1:1f.5");
  // bus 3: 3 << 8 = 0x300
  assert.equal(bdfToPciBusId(0x300n), "0000:03:00.0");
  // rocm_smi's BDFID puts the domain at bit 32: read as amdsmi, the domain exceeds 16 bits
  assert.equal(bdfToPciBusId((1n << 32n) | 0x300n), null);
  assert.equal(bdfToPciBusId(0xffffffffffffffffn), null);
});

Deno.test("all-ones sentinels are null", () => {
  assert.equal(knownU32(0xffff), null);
  assert.equal(knownU32(0xffffffff), null);
  assert.equal(knownU32(305), 305);
  assert.equal(percentOrNull(0xffff), null);
  assert.equal(percentOrNull(101), null);
  assert.equal(percentOrNull(0), 0);
  assert.equal(mebibytesToBytes(0xffffffff), null);
  assert.equal(mebibytesToBytes(2), 2097152);
});

Deno.test("units: counts × µJ → J, °C kept, garbage temperatures null", () => {
  assert.equal(energyJoules(2000000n, 15.5), 31); // 2e6 × 15.5 µJ = 31 J
  assert.equal(energyJoules(0xffffffffffffffffn, 15.5), null);
  assert.equal(energyJoules(5n, Number.NaN), null);
  assert.equal(celsiusOrNull(49n), 49);
  assert.equal(celsiusOrNull(9223372036854775807n), null);
});

Deno.test("text: blank, N/A, 0x ids and non-UUIDs are null", () => {
  assert.equal(productNameOrNull("0x74a1"), null);
  assert.equal(productNameOrNull("N/A"), null);
  assert.equal(productNameOrNull(" AMD Instinct MI300X "), "AMD Instinct MI300X");
  assert.equal(uuidOrNull("\uFFFD\uFFFD"), null);
  assert.equal(
    uuidOrNull("5CFF74A1-0000-1000-8000-1F2E3D4C5B6A"),
    "5cff74a1-0000-1000-8000-1f2e3d4c5b6a",
  );
});
