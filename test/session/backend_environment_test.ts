import assert from "node:assert/strict";
import { backendEnvironmentProblem } from "../../src/session/backend_environment.ts";

const bad = (name: string) => name === "GPUTOP_MACMON_TIMEOUT_MS" ? "abc" : undefined;

Deno.test("backendEnvironmentProblem: macmon's timeout is judged only where macmon runs", () => {
  const problem = /^invalid value for GPUTOP_MACMON_TIMEOUT_MS: 'abc' /;
  // On by default on macOS, forced elsewhere by --backends.
  assert.match(backendEnvironmentProblem(null, bad, "darwin") ?? "", problem);
  assert.match(backendEnvironmentProblem(["drm", "macmon"], bad, "linux") ?? "", problem);
  // Off by default on Linux, or not selected.
  assert.equal(backendEnvironmentProblem(null, bad, "linux"), null);
  assert.equal(backendEnvironmentProblem(["nvml"], bad, "darwin"), null);
  assert.equal(backendEnvironmentProblem(["macmon"], () => "500", "linux"), null);
});
