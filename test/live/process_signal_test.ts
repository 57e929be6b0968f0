import assert from "node:assert/strict";
import { sendSignal } from "../../src/live/process_signal.ts";

Deno.test("sendSignal: sent, to the pid and with the signal asked for", () => {
  const calls: [number, string][] = [];
  const outcome = sendSignal(
    4242,
    "python3",
    "SIGTERM",
    (pid, signal) => calls.push([pid, signal]),
  );
  assert.deepEqual(calls, [[4242, "SIGTERM"]]);
  assert.deepEqual(outcome, { message: "SIGTERM sent to 4242 python3", sent: true });
});

Deno.test("sendSignal: EPERM and ESRCH are one line each, never thrown", () => {
  const denied = sendSignal(1, "init", "SIGTERM", () => {
    throw new Deno.errors.PermissionDenied("EPERM: Operation not permitted");
  });
  assert.deepEqual(denied, {
    message: "SIGTERM to 1: permission denied (not your process?)",
    sent: false,
  });
  const gone = sendSignal(99999, "x", "SIGKILL", () => {
    throw new Deno.errors.NotFound("ESRCH: No such process");
  });
  assert.deepEqual(gone, {
    message: "SIGKILL to 99999: no such process (it has gone)",
    sent: false,
  });
  const other = sendSignal(5, "x", "SIGTERM", () => {
    throw new Error("boom");
  });
  assert.equal(other.message, "SIGTERM to 5: boom");
});

Deno.test("sendSignal: the real Deno.kill on a pid that is gone says so", async () => {
  // A child that has exited and been waited for: its pid names no process now.
  const child = new Deno.Command("true").spawn();
  await child.status;
  const outcome = sendSignal(child.pid, "true", "SIGTERM");
  assert.deepEqual(outcome, {
    message: `SIGTERM to ${child.pid}: no such process (it has gone)`,
    sent: false,
  });
});

Deno.test("sendSignal: pid 0 (gputop's own process group) is never signalled", () => {
  let called = false;
  const outcome = sendSignal(0, "?", "SIGTERM", () => {
    called = true;
  });
  assert.equal(called, false);
  assert.equal(outcome.sent, false);
});
