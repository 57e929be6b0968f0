/**
 * planBackends with a context: a default-on backend whose device nodes are missing is skipped
 * with the check's words, unless `--backends` names it or its library variable is set.
 */
import assert from "node:assert/strict";
import type { BackendDescriptor } from "../../src/backends/backend.ts";
import { planBackends } from "../../src/session/plan_backends.ts";
import { testContext } from "../support/backend_context.ts";

const GPU: BackendDescriptor = {
  id: "nvml",
  summary: "test",
  defaultOn: () => true,
  create: () => {
    throw new Error("not created in a plan");
  },
  deviceNodes: { override: "GPUTOP_NVML_LIB", missing: () => "no device nodes (none here)" },
};

function planOf(requested: "nvml"[] | null, env: Record<string, string> = {}, wording?: "library") {
  const [plan] = planBackends([GPU], "linux", requested, wording, testContext({ env }));
  assert.ok(plan);
  return plan.run ? "run" : plan.reason;
}

Deno.test("planBackends: no device nodes skips a default backend, saying how to force it", () => {
  assert.equal(planOf(null), "no device nodes (none here); use --backends nvml to force it");
  assert.equal(
    planOf(null, {}, "library"),
    "no device nodes (none here); name it in the backends option to force it",
  );
});

Deno.test("planBackends: --backends or the library variable forces a backend without nodes", () => {
  assert.equal(planOf(["nvml"]), "run");
  assert.equal(planOf(null, { GPUTOP_NVML_LIB: "/x/libnvidia-ml.so.1" }), "run");
});

Deno.test("planBackends: without a context (or off Linux) device nodes are not looked at", () => {
  const [plan] = planBackends([GPU], "linux", null);
  assert.equal(plan?.run, true);
  const [windows] = planBackends([GPU], "windows", null, "cli", testContext({ os: "windows" }));
  assert.equal(windows?.run, true);
});
