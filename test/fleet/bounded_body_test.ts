import assert from "node:assert/strict";
import { readBoundedBody } from "../../src/fleet/bounded_body.ts";

function streamOf(chunks: number[], counter: { pulled: number; cancelled: boolean }) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled++;
      if (i >= chunks.length) controller.close();
      else controller.enqueue(new Uint8Array(chunks[i++]!).fill(65));
    },
    cancel() {
      counter.cancelled = true;
    },
  });
}

Deno.test("readBoundedBody: the whole body up to the limit, in order", async () => {
  const counter = { pulled: 0, cancelled: false };
  const bytes = await readBoundedBody(streamOf([3, 4, 3], counter), 10);
  assert.equal(bytes?.byteLength, 10);
  assert.equal(counter.cancelled, false);
  assert.deepEqual(await readBoundedBody(null, 10), new Uint8Array(0));
});

Deno.test("readBoundedBody: one byte past the limit → null, and the rest is not read", async () => {
  const counter = { pulled: 0, cancelled: false };
  assert.equal(await readBoundedBody(streamOf([6, 5, 100, 100], counter), 10), null);
  assert.equal(counter.cancelled, true);
  assert.ok(counter.pulled <= 3, `pulled ${counter.pulled} chunks`);
});
