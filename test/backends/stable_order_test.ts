import assert from "node:assert/strict";
import { StableOrder } from "../../src/backends/stable_order.ts";

Deno.test("StableOrder keeps first-seen order when the library lists devices differently", () => {
  const order = new StableOrder();
  const keys = (found: { key: string }[]) => found.map((entry) => entry.key);
  assert.deepEqual(keys(order.sort([{ key: "b" }, { key: "a" }])), ["b", "a"]);
  // After a re-init the library lists a before b and adds c: b, a keep their places, c last.
  assert.deepEqual(keys(order.sort([{ key: "c" }, { key: "a" }, { key: "b" }])), ["b", "a", "c"]);
  // A device gone (a) leaves the others in order.
  assert.deepEqual(keys(order.sort([{ key: "c" }, { key: "b" }])), ["b", "c"]);
});
