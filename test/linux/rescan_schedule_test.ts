/**
 * The rescan policy of long-running sessions (`src/linux/rescan_schedule.ts`): a round at most
 * once per interval, put off to COST_MULTIPLE × its last duration when that is longer, never
 * beyond MAX_STRETCH intervals; the first round (cold code) does not stretch.
 */
import assert from "node:assert/strict";
import { COST_MULTIPLE, MAX_STRETCH, RescanSchedule } from "../../src/linux/rescan_schedule.ts";

Deno.test("rescan schedule: due at first, then once per interval while rounds are cheap", () => {
  const schedule = new RescanSchedule(2000);
  assert.equal(schedule.due(0), true);
  schedule.ran(0, 3);
  assert.equal(schedule.due(1999), false);
  assert.equal(schedule.due(2000), true);
  schedule.ran(2000, 2001); // 1 ms × 400 = 400 ms < 2 s: the interval holds
  assert.equal(schedule.waitMs, 2000);
  assert.equal(schedule.due(3999), false);
  assert.equal(schedule.due(4000), true);
});

Deno.test("rescan schedule: the first round, however slow, does not put the second off", () => {
  const schedule = new RescanSchedule(2000);
  schedule.ran(0, 500);
  assert.equal(schedule.waitMs, 2000);
  assert.equal(schedule.due(2000), true);
});

Deno.test("rescan schedule: a costly round waits COST_MULTIPLE × its duration", () => {
  const schedule = new RescanSchedule(2000);
  schedule.ran(0, 1);
  schedule.ran(2000, 2025); // 25 ms: 10 s, so that rounds stay at 1/400 of a core
  assert.equal(COST_MULTIPLE, 400);
  assert.equal(schedule.waitMs, 10_000);
  assert.equal(schedule.due(11_999), false);
  assert.equal(schedule.due(12_000), true);
  // Cheaper again: back to the interval.
  schedule.ran(12_000, 12_002);
  assert.equal(schedule.waitMs, 2000);
});

Deno.test("rescan schedule: never put off beyond MAX_STRETCH intervals", () => {
  const schedule = new RescanSchedule(2000);
  schedule.ran(0, 1);
  schedule.ran(2000, 3000); // 1 s × 400 would be 400 s
  assert.equal(MAX_STRETCH, 10);
  assert.equal(schedule.waitMs, 20_000);
  assert.equal(schedule.due(21_999), false);
  assert.equal(schedule.due(22_000), true);
});

Deno.test("rescan schedule: a clock that went back makes a round due", () => {
  const schedule = new RescanSchedule(2000);
  schedule.ran(5000, 5001);
  assert.equal(schedule.due(4999), true);
  // A negative duration (clock stepped back during the round) counts as none.
  schedule.ran(5000, 5001);
  schedule.ran(7000, 6000);
  assert.equal(schedule.waitMs, 2000);
});
