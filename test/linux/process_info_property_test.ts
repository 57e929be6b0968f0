/** /proc text parsers under hostile input: they never throw and never return a bad number. */
import assert from "node:assert/strict";
import fc from "../support/fast_check.ts";
import { parseCmdline, parseComm, parseStatus } from "../../src/linux/process_info.ts";
import { hostileKeyValueText, hostileText, PROPERTY_RUNS } from "../support/hostile.ts";

const STATUS_KEYS = ["Name", "Uid", "Gid", "VmRSS", "VmSize", "Pid", "State"];

function isSafeCount(value: number | null): boolean {
  return value === null || (Number.isSafeInteger(value) && value >= 0);
}

Deno.test("parseStatus on hostile status files: uid and rss are null or safe counts", () => {
  fc.assert(
    fc.property(fc.oneof(hostileKeyValueText(STATUS_KEYS, ":\t"), hostileText), (text) => {
      const fields = parseStatus(text);
      assert.ok(isSafeCount(fields.uid), `uid ${fields.uid}`);
      assert.ok(isSafeCount(fields.rssBytes), `rss ${fields.rssBytes}`);
      assert.ok(fields.name === null || typeof fields.name === "string");
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("parseStatus reads VmRSS kB × 1024 and the real uid, CRLF or not", () => {
  fc.assert(
    fc.property(
      fc.nat({ max: 2 ** 40 }),
      fc.nat({ max: 2 ** 31 }),
      fc.constantFrom("\n", "\r\n"),
      (kib, uid, end) => {
        const text = ["Name:\tx", `Uid:\t${uid}\t0\t0\t0`, `VmRSS:\t ${kib} kB`].join(end) + end;
        const fields = parseStatus(text);
        assert.equal(fields.rssBytes, kib * 1024);
        assert.equal(fields.uid, uid);
      },
    ),
    PROPERTY_RUNS,
  );
});

Deno.test("parseStatus: a VmRSS past 2^53 bytes is unknown, not a rounded number", () => {
  // 99999999999999999999999 kB × 1024 ≈ 1.02e26 > 2^53 − 1 ≈ 9.007e15.
  assert.equal(parseStatus("VmRSS:\t99999999999999999999999 kB\n").rssBytes, null);
  assert.equal(parseStatus("Uid:\t99999999999999999999999\t0\t0\t0\n").uid, null);
});

Deno.test("parseComm and parseCmdline never throw on hostile text", () => {
  fc.assert(
    fc.property(hostileText, (text) => {
      const name = parseComm(text);
      const command = parseCmdline(text);
      assert.ok(name === null || typeof name === "string");
      assert.ok(command === null || typeof command === "string");
    }),
    PROPERTY_RUNS,
  );
});
