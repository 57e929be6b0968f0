import assert from "node:assert/strict";
import { BACKEND_IDS } from "../../src/backends/ids.ts";
import { BACKENDS } from "../../src/backends/mod.ts";

Deno.test("BACKEND_IDS lists exactly the registry's ids, in registry order", () => {
  assert.deepEqual([...BACKEND_IDS], BACKENDS.map((descriptor) => descriptor.id));
});
