import assert from "node:assert/strict";
import { fetchGrowingList, fetchHandleList } from "../../../src/backends/amdsmi/bounded_list.ts";

const OK = 0;
const SHORT = 15; // OUT_OF_RESOURCES

/** A process list of `total` u32 entries with AMD SMI's in/out count. */
function processList(total: () => number) {
  const capacities: number[] = [];
  const call = (count: Uint32Array, buffer: Uint8Array | null) => {
    const capacity = count[0] ?? 0;
    capacities.push(capacity);
    const n = total();
    const view = new DataView(buffer!.buffer);
    for (let i = 0; i < Math.min(capacity, n); i++) view.setUint32(i * 4, 100 + i, true);
    count[0] = n;
    return capacity < n ? SHORT : OK;
  };
  return { call, capacities };
}

const GROWING = { stride: 4, success: OK, tooSmall: SHORT, firstCapacity: 4, limit: 1000 };

Deno.test("process list: a short first buffer is grown to the total, never truncated", () => {
  const list = processList(() => 6);
  const result = fetchGrowingList(list.call, GROWING);
  assert.equal(result.kind, "ok");
  assert.equal(result.kind === "ok" && result.count, 6);
  assert.deepEqual(list.capacities, [4, 8]); // max(6, 4 × 2) = 8
});

Deno.test("process list: a list that keeps growing ends as kept-growing", () => {
  let n = 4;
  const list = processList(() => (n *= 3));
  const result = fetchGrowingList(list.call, { ...GROWING, maxAttempts: 3 });
  assert.equal(result.kind, "kept-growing");
});

Deno.test("process list: a count past the limit is too-many, with nothing allocated for it", () => {
  const list = processList(() => 0xffffffff);
  const result = fetchGrowingList(list.call, GROWING);
  assert.deepEqual(result, { kind: "too-many", reported: 0xffffffff, limit: 1000 });
  assert.deepEqual(list.capacities, [4]);
});

Deno.test("process list: SUCCESS with a total above the capacity is grown, not cut", () => {
  const capacities: number[] = [];
  const result = fetchGrowingList((count, _buffer) => {
    capacities.push(count[0] ?? 0);
    count[0] = 5;
    return OK;
  }, GROWING);
  assert.equal(result.kind === "ok" && result.count, 5);
  assert.deepEqual(capacities, [4, 8]);
});

Deno.test("handle list: NULL query, bounded, then the fetch", () => {
  const sizes: (number | null)[] = [];
  const ok = fetchHandleList((count, buffer) => {
    sizes.push(buffer === null ? null : buffer.length);
    count[0] = 2;
    return OK;
  }, { stride: 8, success: OK, limit: 4 });
  assert.equal(ok.kind === "ok" && ok.count, 2);
  assert.deepEqual(sizes, [null, 16]);
  const garbage = fetchHandleList((count) => {
    count[0] = 0xffffffff;
    return OK;
  }, { stride: 8, success: OK, limit: 4 });
  assert.deepEqual(garbage, { kind: "too-many", reported: 0xffffffff, limit: 4 });
  assert.deepEqual(fetchHandleList(() => 32, { stride: 8, success: OK, limit: 4 }), {
    kind: "error",
    code: 32,
  });
});
