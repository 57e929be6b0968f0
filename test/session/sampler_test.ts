import assert from "node:assert/strict";
import { Sampler } from "../../src/session/sampler.ts";
import { makeSnapshot } from "../render/snapshot_builder.ts";
import { FakeSource, tick } from "../live/fake_source.ts";

Deno.test("Sampler: first reading at once, latest kept, subscribers told, close closes the session", async () => {
  const source = new FakeSource((n) => makeSnapshot({ hostname: `reading ${n}` }));
  const sampler = new Sampler(source, { intervalMs: 20 });
  const seen: number[] = [];
  sampler.subscribe((reading) => seen.push(reading.sequence));
  assert.equal(sampler.latest === null, true);
  sampler.start();
  const first = await sampler.firstReading(1000);
  assert.equal(first?.snapshot.hostname, "reading 1");
  await tick(70); // readings at 0, 20, 40, 60 ms: at least 3 in all
  await sampler.close();
  assert.ok(source.samples >= 3, `samples ${source.samples}`);
  assert.deepEqual(seen, Array.from({ length: seen.length }, (_, i) => i + 1));
  assert.equal(sampler.latest?.snapshot.hostname, `reading ${source.samples}`);
  assert.equal(source.closes, 1);
  const after = source.samples;
  await tick(50);
  assert.equal(source.samples, after, "no reading after close");
  await sampler.close();
  assert.equal(source.closes, 1, "close is idempotent");
});

Deno.test("Sampler: a pending reading is never overlapped, and close does not wait past its grace", async () => {
  const source = new FakeSource();
  const release = source.hold();
  const sampler = new Sampler(source, { intervalMs: 5, closeGraceMs: 30 });
  sampler.start();
  await tick(40); // eight intervals pass while the first reading is held
  assert.equal(source.samples, 1);
  assert.equal(sampler.pending, true);
  assert.equal(await sampler.firstReading(10), null, "times out while pending");
  const started = performance.now();
  await sampler.close();
  assert.ok(performance.now() - started < 1000);
  assert.equal(source.closes, 1);
  release();
});

Deno.test("Sampler: a failing reading is reported and the next one still runs", async () => {
  let calls = 0;
  const source = {
    sample() {
      calls++;
      if (calls === 1) return Promise.reject(new Error("library went away\nstack"));
      return Promise.resolve(makeSnapshot());
    },
    close() {},
  };
  const sampler = new Sampler(source, { intervalMs: 10 });
  sampler.start();
  await tick(1);
  assert.equal(sampler.lastError, "library went away");
  assert.notEqual(await sampler.firstReading(1000), null);
  assert.equal(sampler.lastError, null);
  await sampler.close();
});
