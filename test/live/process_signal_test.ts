import assert from "node:assert/strict";
import { sendSignal } from "../../src/live/process_signal.ts";

const target = (pid: number, name: string, startTime: string | null = null) => ({
  pid,
  name,
  startTime,
});
const throwing = (error: Error) => ({
  kill: () => {
    throw error;
  },
});

Deno.test("sendSignal: sent, to the pid and with the signal asked for", () => {
  const calls: [number, string][] = [];
  const outcome = sendSignal(target(4242, "python3"), "SIGTERM", {
    kill: (pid, signal) => calls.push([pid, signal]),
  });
  assert.deepEqual(calls, [[4242, "SIGTERM"]]);
  assert.deepEqual(outcome, { message: "SIGTERM sent to 4242 python3", sent: true });
});

Deno.test("sendSignal: EPERM and ESRCH are one line each, never thrown", () => {
  const eperm = new Deno.errors.PermissionDenied("EPERM: Operation not permitted");
  assert.deepEqual(sendSignal(target(1, "init"), "SIGTERM", throwing(eperm)), {
    message: "SIGTERM to 1: permission denied (not your process?)",
    sent: false,
  });
  const esrch = new Deno.errors.NotFound("ESRCH: No such process");
  assert.deepEqual(sendSignal(target(99999, "x"), "SIGKILL", throwing(esrch)), {
    message: "SIGKILL to 99999: no such process (it has gone)",
    sent: false,
  });
  const other = sendSignal(target(5, "x"), "SIGTERM", throwing(new Error("boom")));
  assert.equal(other.message, "SIGTERM to 5: boom");
});

Deno.test("sendSignal: the real Deno.kill on a pid that is gone says so", async () => {
  // A child that has exited and been waited for: its pid names no process now.
  const child = new Deno.Command("true").spawn();
  await child.status;
  assert.deepEqual(sendSignal(target(child.pid, "true"), "SIGTERM"), {
    message: `SIGTERM to ${child.pid}: no such process (it has gone)`,
    sent: false,
  });
});

Deno.test("sendSignal: pid 0 (gputop's own process group) is never signalled", () => {
  let called = false;
  const outcome = sendSignal(target(0, "?"), "SIGTERM", {
    kill: () => {
      called = true;
    },
  });
  assert.equal(called, false);
  assert.equal(outcome.sent, false);
});

Deno.test("sendSignal: a pid now another process's (reused) or gone is not signalled", () => {
  let called = false;
  const seams = (now: string | null) => ({
    kill: () => {
      called = true;
    },
    startTimeNow: () => now,
  });
  const started = "2025-06-01T10:00:00.000Z";
  const reused = sendSignal(target(42, "x", started), "SIGTERM", seams("2025-06-01T11:00:00.000Z"));
  assert.deepEqual(reused, {
    message: "PID 42 is now another process; SIGTERM not sent",
    sent: false,
  });
  const gone = sendSignal(target(42, "x", started), "SIGTERM", seams(null));
  assert.equal(gone.message, "SIGTERM to 42: no such process (it has gone)");
  assert.equal(called, false);
  assert.equal(sendSignal(target(42, "x", started), "SIGTERM", seams(started)).sent, true);
  assert.equal(called, true, "the same start time: the same process");
});
