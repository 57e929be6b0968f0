import assert from "node:assert/strict";
import {
  DEFAULT_MACMON_TIMEOUT_MS,
  invalidMacmonTimeoutMessage,
  readMacmonTimeout,
} from "../../src/model/macmon_timeout.ts";

Deno.test("readMacmonTimeout: unset or empty is the default; 1 ms to 24 h in digits", () => {
  assert.deepEqual(readMacmonTimeout(undefined), { ok: true, ms: DEFAULT_MACMON_TIMEOUT_MS });
  assert.deepEqual(readMacmonTimeout(""), { ok: true, ms: DEFAULT_MACMON_TIMEOUT_MS });
  assert.deepEqual(readMacmonTimeout("1"), { ok: true, ms: 1 });
  assert.deepEqual(readMacmonTimeout("86400000"), { ok: true, ms: 86_400_000 });
  for (const text of ["abc", "0", "-1", "1.5", "2s", " 500", "500 ", "+5", "86400001", "1e3"]) {
    assert.deepEqual(readMacmonTimeout(text), { ok: false, text }, text);
  }
  assert.equal(
    invalidMacmonTimeoutMessage("abc"),
    "invalid value for GPUTOP_MACMON_TIMEOUT_MS: 'abc' " +
      "(expected a whole number of milliseconds, 1 to 86400000)",
  );
});
