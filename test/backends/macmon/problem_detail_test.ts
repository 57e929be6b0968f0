/** What `gputop backends` says when macmon could not give a sample. */
import assert from "node:assert/strict";
import type { MacmonProgram } from "../../../src/backends/macmon/macmon_program.ts";
import { runProblem, streamProblem } from "../../../src/backends/macmon/problem_detail.ts";

const ON_PATH: MacmonProgram = { path: "macmon", explicit: false, timeoutMs: 10_000 };
const NAMED: MacmonProgram = { path: "/opt/macmon", explicit: true, timeoutMs: 250 };

Deno.test("not found: how to install it, or the path GPUTOP_MACMON named", () => {
  assert.deepEqual(runProblem(ON_PATH, { kind: "not-found", message: "x" }), {
    status: "unavailable",
    detail: "macmon not found (install it: brew install macmon)",
  });
  assert.deepEqual(streamProblem(NAMED, { kind: "not-found" }), {
    status: "unavailable",
    detail: "macmon not found at /opt/macmon (GPUTOP_MACMON)",
  });
});

Deno.test("a timeout names the bound; an exit its code and first line of output", () => {
  assert.equal(
    runProblem(NAMED, { kind: "timeout", message: "x" }).detail,
    "macmon gave no sample within 250 ms",
  );
  const exit = { kind: "exit", code: 3, stdout: "", stderr: "\n  boom  \nmore\n" } as const;
  assert.equal(runProblem(ON_PATH, exit).detail, "macmon exited with code 3: boom");
  assert.equal(
    runProblem(ON_PATH, { ...exit, stderr: "", stdout: "from stdout" }).detail,
    "macmon exited with code 3: from stdout",
  );
  assert.equal(
    streamProblem(ON_PATH, { kind: "exit", code: 1, stderr: "" }).detail,
    "macmon exited with code 1",
  );
});

Deno.test("a detail is cut to 200 characters", () => {
  const { detail } = streamProblem(ON_PATH, { kind: "bad-output", reason: "x".repeat(500) });
  assert.equal(detail, `macmon output: ${"x".repeat(185)}…`);
});
