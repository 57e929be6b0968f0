import assert from "node:assert/strict";
import {
  chooseGeneration,
  parseLibVersion,
  sonameMajor,
} from "../../../src/backends/amdsmi/generation.ts";

function generationOf(soname: number | null, version: string | null) {
  const choice = chooseGeneration(soname, version === null ? null : parseLibVersion(version));
  return choice.ok ? [choice.layouts.generation, choice.note] : ["refused", choice.reason];
}

Deno.test("sonameMajor reads the soname major from a path, null when unversioned", () => {
  assert.equal(sonameMajor("libamd_smi.so.26"), 26);
  assert.equal(sonameMajor("/opt/rocm-6.4.1/lib/libamd_smi.so.25.0"), 25);
  assert.equal(sonameMajor("/opt/rocm/lib/libamd_smi.so"), null);
  assert.equal(sonameMajor("/tmp/libamd_smi.so.24.7.60300"), 24);
  assert.equal(sonameMajor("/tmp/other.so.24"), null);
});

Deno.test("the soname picks the family; .so.24 is refined by the library version", () => {
  assert.deepEqual(generationOf(26, null), ["A70", null]);
  assert.deepEqual(generationOf(25, "25.0.0"), ["A64", null]);
  assert.deepEqual(generationOf(24, "24.5.0.0"), ["A61", null]); // ROCm 6.1
  assert.deepEqual(generationOf(24, "24.6.3.60204"), ["A62", null]); // ROCm 6.2
  assert.deepEqual(generationOf(24, "24.7.1.60300"), ["A63", null]); // ROCm 6.3
  assert.deepEqual(generationOf(24, null), [
    "A61",
    "library version unknown; reading it with the ROCm 6.1 layouts (shortest strings)",
  ]);
  assert.deepEqual(generationOf(23, null), ["A60", null]);
});

Deno.test("an unversioned name is decided by the version alone", () => {
  assert.deepEqual(generationOf(null, "23.4.0"), ["A60", null]);
  assert.deepEqual(generationOf(null, "24.6.0"), ["A62", null]);
  assert.deepEqual(generationOf(null, "25.3.0+ede62f2"), ["A64", null]); // amd-smi 25.3.0 capture
  assert.deepEqual(generationOf(null, "26.5.0"), ["A70", null]);
  assert.deepEqual(generationOf(null, "27.0.0"), [
    "A70",
    "AMD SMI 27.0.0 is newer than any known release; reading it with the ROCm 7.x layouts",
  ]);
  assert.equal(generationOf(null, "23.2.0")[0], "A60");
  assert.equal(generationOf(null, "1.0.0")[0], "refused"); // ROCm 5.7's default "1.0.0.0"
  assert.equal(generationOf(null, null)[0], "refused");
  assert.equal(generationOf(1, null)[0], "refused");
  assert.equal(generationOf(27, null)[0], "A70");
});

Deno.test("parseLibVersion takes the two leading numbers, null for anything else", () => {
  assert.deepEqual(parseLibVersion("26.1.0"), { first: 26, second: 1, text: "26.1.0" });
  assert.equal(parseLibVersion("N/A"), null);
  assert.equal(parseLibVersion(""), null);
});
