/** The small pure pieces of the Level Zero backend: names, rates, classes, candidates. */
import assert from "node:assert/strict";
import { processType } from "../../../src/backends/level-zero/engine_classes.ts";
import { zeLibraryCandidates } from "../../../src/backends/level-zero/library.ts";
import { busyPercent, counterRate } from "../../../src/backends/level-zero/rates.ts";
import { formatUuid } from "../../../src/backends/level-zero/read_device.ts";
import { describeResult, resultName } from "../../../src/backends/level-zero/return_codes.ts";
import { apiVersionText } from "../../../src/backends/level-zero/types.ts";

Deno.test("resultName() names known codes with their hex value, and unknown ones as such", () => {
  assert.equal(resultName(0x78000001), "ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)");
  assert.equal(resultName(2013265921), "ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)");
  assert.equal(resultName(0x12345678), "unknown result 0x12345678");
  // A negative i32 still prints as the unsigned code.
  assert.equal(resultName(-1), "unknown result 0xffffffff");
});

Deno.test("describeResult() adds a plain sentence where one is known", () => {
  assert.equal(
    describeResult(0x78000001),
    "ZE_RESULT_ERROR_UNINITIALIZED (0x78000001): no Level Zero GPU driver is installed or " +
      "none initialised",
  );
  assert.equal(describeResult(0x78000008), "ZE_RESULT_ERROR_INVALID_SIZE (0x78000008)");
});

Deno.test("counterRate(): first sample primes; then Δvalue / Δtime; resets give null", () => {
  const cursor = new Map();
  assert.equal(counterRate(cursor, "k", 1_000n, 10_000n), null);
  // (1_500 − 1_000) / (12_000 − 10_000) = 500 / 2_000 = 0.25
  assert.equal(counterRate(cursor, "k", 1_500n, 12_000n), 0.25);
  assert.equal(counterRate(cursor, "k", 1_500n, 12_000n), null, "no time passed");
  assert.equal(counterRate(cursor, "k", 10n, 13_000n), null, "counter went backwards");
  // Other keys keep their own history.
  assert.equal(counterRate(cursor, "other", 5n, 5n), null);
});

Deno.test("busyPercent() clamps to 0–100 and rounds to 0.1", () => {
  assert.equal(busyPercent(0.25), 25);
  assert.equal(busyPercent(0.12345), 12.3);
  assert.equal(busyPercent(1.7), 100);
  assert.equal(busyPercent(null), null);
  assert.equal(busyPercent(Number.NaN), null);
});

Deno.test("processType() from the engine flags", () => {
  assert.equal(processType(2), "compute"); // COMPUTE
  assert.equal(processType(4 | 32), "graphics"); // 3D | RENDER
  assert.equal(processType(2 | 32), "compute+graphics");
  assert.equal(processType(8 | 16), null); // MEDIA | DMA only
});

Deno.test("formatUuid() and apiVersionText()", () => {
  assert.equal(
    formatUuid("00112233445566778899aabbccddeeff"),
    "00112233-4455-6677-8899-aabbccddeeff",
  );
  assert.equal(apiVersionText(0x10004), "1.4"); // 1 << 16 | 4
  assert.equal(apiVersionText(0x1000c), "1.12");
});

Deno.test("zeLibraryCandidates(): GPUTOP_ZE_LIB first; Windows system directory only", () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];
  assert.deepEqual(zeLibraryCandidates(env({ GPUTOP_ZE_LIB: "/x/libze.so" }), "linux"), [
    "/x/libze.so",
    "libze_loader.so.1",
    "libze_loader.so",
  ]);
  assert.deepEqual(zeLibraryCandidates(env({ SystemRoot: "D:\\Win" }), "windows"), [
    "D:\\Win\\System32\\ze_loader.dll",
  ]);
});
