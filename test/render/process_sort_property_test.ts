/** `ps` ordering for any mix of known and unknown memory: unknown after every known value. */
import assert from "node:assert/strict";
import fc from "../support/fast_check.ts";
import { sortProcessesByMemory } from "../../src/render/process_table.ts";
import { PROPERTY_RUNS } from "../support/hostile.ts";
import { makeProcess } from "./snapshot_builder.ts";

const process = fc.record({
  pid: fc.nat({ max: 1 << 22 }),
  gpuMemoryBytes: fc.option(fc.nat({ max: Number.MAX_SAFE_INTEGER }), { nil: null }),
  deviceIndex: fc.option(fc.nat({ max: 8 }), { nil: null }),
}).map((fields) => makeProcess(fields));

Deno.test("sortProcessesByMemory: known memory descending, then every unknown", () => {
  fc.assert(
    fc.property(fc.array(process, { maxLength: 40 }), (processes) => {
      const sorted = sortProcessesByMemory(processes);
      assert.equal(sorted.length, processes.length);
      const firstUnknown = sorted.findIndex((p) => p.gpuMemoryBytes === null);
      if (firstUnknown >= 0) {
        assert.ok(sorted.slice(firstUnknown).every((p) => p.gpuMemoryBytes === null));
      }
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [sorted[i - 1]!.gpuMemoryBytes, sorted[i]!.gpuMemoryBytes];
        if (a !== null && b !== null) assert.ok(a >= b, `${a} before ${b}`);
      }
    }),
    PROPERTY_RUNS,
  );
});
