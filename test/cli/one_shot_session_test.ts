import assert from "node:assert/strict";
import { readOnce, withOneShotSession } from "../../src/cli/one_shot_session.ts";
import { testContext } from "../support/backend_context.ts";
import { countedBackend } from "../support/counted_backend.ts";

/** A session over the counted backend; its reads throw when `failRead` is set. */
function counted(failRead = false) {
  const { descriptor, calls } = countedBackend(failRead);
  return { options: { registry: [descriptor], context: testContext() }, calls };
}

/**
 * Runs `fn` with Deno's signal-listener calls counted (and passed on): how many listeners
 * it left registered. Deno's own test sanitizers do not notice a leaked one.
 */
async function listenersLeftBy(fn: () => Promise<void>): Promise<{ added: number; left: number }> {
  const add = Deno.addSignalListener;
  const remove = Deno.removeSignalListener;
  const live = new Set<() => void>();
  let added = 0;
  Deno.addSignalListener = (signal, handler) => {
    add(signal, handler);
    added++;
    live.add(handler);
  };
  Deno.removeSignalListener = (signal, handler) => {
    remove(signal, handler);
    live.delete(handler);
  };
  try {
    await fn();
  } finally {
    Deno.addSignalListener = add;
    Deno.removeSignalListener = remove;
  }
  return { added, left: live.size };
}

Deno.test("withOneShotSession: SIGINT, SIGTERM and SIGHUP listened to only while it runs", async () => {
  const { options } = counted();
  const ok = await listenersLeftBy(async () => {
    await withOneShotSession(options, (s, signal) => readOnce(s, 0, signal));
  });
  assert.deepEqual(ok, { added: Deno.build.os === "windows" ? 1 : 3, left: 0 });
  const thrown = await listenersLeftBy(async () => {
    await withOneShotSession(options, () => Promise.reject(new Error("boom"))).catch(() => {});
  });
  assert.equal(thrown.left, 0);
});

Deno.test("withOneShotSession: a reading, then the session closed once", async () => {
  const { options, calls } = counted();
  const outcome = await withOneShotSession(options, (s, signal) => readOnce(s, 30, signal));
  assert.equal(outcome.interrupted, false);
  assert.equal(outcome.interrupted === false && outcome.value?.devices.length, 1);
  // A sample, the 30 ms window, a second sample.
  assert.deepEqual(calls, { open: 1, read: 2, close: 1 });
});

Deno.test("withOneShotSession: an error thrown mid-reading still closes the session", async () => {
  const { options, calls } = counted();
  await assert.rejects(
    withOneShotSession(options, async (session) => {
      await session.open();
      throw new Error("boom");
    }),
    /boom/,
  );
  assert.deepEqual(calls, { open: 1, read: 0, close: 1 });
});

Deno.test("withOneShotSession: a failing backend read is a status, closed once", async () => {
  const { options, calls } = counted(true);
  const outcome = await withOneShotSession(options, (s, signal) => readOnce(s, 0, signal));
  assert.ok(!outcome.interrupted);
  assert.equal(outcome.value?.backends[0]?.status, "error");
  assert.deepEqual(calls, { open: 1, read: 1, close: 1 });
});

Deno.test({
  name: "withOneShotSession: SIGTERM mid-window closes the session, reports the signal",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const { options, calls } = counted();
    const startedMs = performance.now();
    const outcome = await withOneShotSession(options, (session, signal) => {
      // The listener is registered before `use` runs, so this signal is caught, not fatal
      // (SIGTERM: the test runner keeps SIGINT for itself).
      setTimeout(() => Deno.kill(Deno.pid, "SIGTERM"), 50);
      return readOnce(session, 10_000, signal);
    });
    assert.deepEqual(outcome, { interrupted: true, signal: "SIGTERM" });
    assert.ok(performance.now() - startedMs < 5_000, "the 10 s window was cut short");
    // One sample before the window; none after the signal; closed once.
    assert.deepEqual(calls, { open: 1, read: 1, close: 1 });
  },
});
