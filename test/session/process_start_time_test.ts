import assert from "node:assert/strict";
import { processStartTime } from "../../src/session/process_start_time.ts";

Deno.test("processStartTime: this process's start time, as the readings state it", () => {
  const mine = processStartTime(Deno.pid);
  // btime is whole seconds: allow a second or two either way.
  assert.ok(mine !== null && Date.parse(mine) <= Date.now() + 2000, String(mine));
  // A process started before this test: within the last few minutes, not 1970 or the future.
  assert.ok(Date.now() - Date.parse(mine) < 10 * 60_000, mine);
  assert.equal(processStartTime(2 ** 22 + 1), null, "past the largest pid Linux hands out");
});
