import assert from "node:assert/strict";
import { memoryRetirementFailed } from "../../../src/backends/level-zero/read_health.ts";

function modules(...health: number[]) {
  return health.map((h) => ({ location: 1, total: 1n, free: 0n, health: h }));
}

Deno.test("level-zero memory health: CRITICAL or REPLACE on any module is a failed retirement", () => {
  assert.equal(memoryRetirementFailed(modules(1, 4)), true); // OK, REPLACE
  assert.equal(memoryRetirementFailed(modules(3)), true); // CRITICAL
  assert.equal(memoryRetirementFailed(modules(1, 2)), false); // OK, DEGRADED
  assert.equal(memoryRetirementFailed(modules(0, 0)), null, "all UNKNOWN: not known");
  assert.equal(memoryRetirementFailed(modules()), null);
});
