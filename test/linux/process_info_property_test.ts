/** /proc text parsers under hostile input: they never throw and never return a bad number. */
import assert from "node:assert/strict";
import fc from "../support/fast_check.ts";
import { parseCmdline, parseComm, parseStat, parseStatus } from "../../src/linux/process_info.ts";
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

/**
 * `parseStat` as it was written before it cut tokens by index (issue 23: no array of 22
 * strings per process per sample): split at single spaces, regexes on the tokens. The new one
 * must answer the same on any text.
 */
function parseStatBySplit(text: string | null) {
  if (text === null) return null;
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const fields = text.slice(close + 2).split(" ", 22);
  const startTime = fields[19]?.trim() ?? "";
  if (!/^\d{1,20}$/.test(startTime)) return null;
  const vsize = fields[20] ?? "";
  const rss = (fields[21] ?? "").trim();
  let rssPages: number | null = null;
  if (/^\d{1,15}$/.test(rss) && /^\d+$/.test(vsize) && !/^0+$/.test(vsize)) rssPages = Number(rss);
  const startTicks = Number.isSafeInteger(Number(startTime)) ? Number(startTime) : null;
  const user = fields[11] ?? "";
  const system = fields[12] ?? "";
  const cpuTicks = /^\d{1,15}$/.test(user) && /^\d{1,15}$/.test(system)
    ? Number(user) + Number(system)
    : null;
  return { startTime, rssPages, startTicks, state: fields[0]?.charAt(0) ?? "", cpuTicks };
}

/** stat lines with the odd spots a hostile or broken file may have. */
const statToken = fc.oneof(
  fc.constantFrom("0", "00", "7", "123456789012345", "1234567890123456", "", " ", "\n", "x", "-1"),
  fc.nat().map(String),
  fc.string({ maxLength: 4 }),
);
const statLine = fc.tuple(
  fc.string({ maxLength: 8 }),
  fc.array(statToken, { minLength: 18, maxLength: 26 }),
  fc.constantFrom("", "\n", " \n", "\t"),
).map(([name, tokens, end]) => `42 (${name}) ${tokens.join(" ")}${end}`);

Deno.test("parseStat answers as the split-based parser did, on any text", () => {
  const real = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1 0 0 0 250 75 0 0 20 0 1 0 " +
    "987654 123456789 3000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0\n";
  assert.deepEqual(parseStat(real), {
    startTime: "987654",
    rssPages: 3000,
    startTicks: 987654,
    state: "S",
    cpuTicks: 325,
  });
  const zombie = real.replace(" 123456789 3000 ", " 0 3000 ");
  assert.equal(parseStat(zombie)?.rssPages, null, "vsize 0: no memory map");
  assert.equal(parseStat(zombie.replace(" 0 3000 ", " 00 3000 "))?.rssPages, null);
  assert.equal(parseStat(real.replace(" 250 75 ", " 250 x75 "))?.cpuTicks, null);
  assert.equal(parseStat(real.replace(" 250 ", " 1234567890123456 "))?.cpuTicks, null, "16 digits");
  assert.equal(parseStat(real.replace(" 987654 ", " 98765x "))?.startTime, undefined);
  fc.assert(
    fc.property(fc.oneof(statLine, hostileText), (text) => {
      assert.deepEqual(parseStat(text), parseStatBySplit(text));
    }),
    { numRuns: PROPERTY_RUNS.numRuns * 4 },
  );
});
