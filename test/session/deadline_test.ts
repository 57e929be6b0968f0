/**
 * settleWithin answers an already-settled promise without a timer (Deno's setTimeout is Node's:
 * its first call loads the Node compatibility layer, ~10 ms of start-up), and still times out
 * a promise that never settles.
 */
import assert from "node:assert/strict";
import { settleWithin } from "../../src/session/deadline.ts";

function countingTimers(): { calls: () => number; restore: () => void } {
  const original = globalThis.setTimeout;
  let calls = 0;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    calls++;
    return original(...args);
  }) as typeof setTimeout;
  return { calls: () => calls, restore: () => globalThis.setTimeout = original };
}

Deno.test("settleWithin: a settled promise (or a Promise.all of them) arms no timer", async () => {
  const timers = countingTimers();
  try {
    assert.deepEqual(await settleWithin(Promise.resolve(7), 1000), {
      settled: true,
      ok: true,
      value: 7,
    });
    const failed = await settleWithin(Promise.reject(new Error("x")), 1000);
    assert.equal(failed.settled && !failed.ok, true);
    const all = await settleWithin(Promise.all([Promise.resolve(1).catch(() => 0)]), 1000);
    assert.deepEqual(all, { settled: true, ok: true, value: [1] });
    assert.equal(timers.calls(), 0);
  } finally {
    timers.restore();
  }
});

Deno.test("settleWithin: a pending promise gets the deadline (timer armed, then cleared)", async () => {
  const timers = countingTimers();
  try {
    assert.deepEqual(await settleWithin(new Promise(() => {}), 5), { settled: false });
    let finish: (v: string) => void = () => {};
    const late = settleWithin(new Promise<string>((r) => finish = r), 10_000);
    setTimeout(() => finish("done"), 1);
    assert.deepEqual(await late, { settled: true, ok: true, value: "done" });
    // One timer per pending promise, plus the test's own.
    assert.equal(timers.calls(), 3);
  } finally {
    timers.restore();
  }
});
