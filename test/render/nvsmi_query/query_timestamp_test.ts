import assert from "node:assert/strict";
import { formatQueryTimestamp } from "../../../src/render/nvsmi_query/query_timestamp.ts";

Deno.test("formatQueryTimestamp: YYYY/MM/DD HH:MM:SS.mmm in local time, as the captures show", () => {
  // Built from local parts, so the expectation holds in any time zone.
  const local = new Date(2026, 6, 14, 8, 12, 53, 353);
  assert.equal(formatQueryTimestamp(local.toISOString()), "2026/07/14 08:12:53.353");
  assert.equal(
    formatQueryTimestamp(new Date(2026, 0, 2, 3, 4, 5, 6).toISOString()),
    "2026/01/02 03:04:05.006",
  );
  assert.equal(formatQueryTimestamp("not a time"), null);
});
