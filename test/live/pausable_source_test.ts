import assert from "node:assert/strict";
import { PausableSource } from "../../src/live/pausable_source.ts";
import { makeSnapshot } from "../render/snapshot_builder.ts";

Deno.test("PausableSource: while paused it reads no backend and gives the last reading", async () => {
  let reads = 0;
  const source = new PausableSource({
    sample: () => Promise.resolve(makeSnapshot({ timestamp: `2025-01-01T00:00:0${++reads}Z` })),
    close: () => {},
  });
  const first = await source.sample();
  source.paused = true;
  assert.equal(await source.sample(), first);
  assert.equal(await source.sample(), first);
  assert.equal(reads, 1);
  source.paused = false;
  assert.notEqual(await source.sample(), first);
  assert.equal(reads, 2);
});
