import assert from "node:assert/strict";
import {
  eachEntry,
  fetchSizedList,
  handlesIn,
  listEntries,
  type ListRefusals,
  type SizedListCall,
} from "../../src/ffi/sized_list.ts";
import { StructBuffer } from "../../src/ffi/struct_reader.ts";
import { VendorCallError, vendorCalls } from "../../src/ffi/vendor_call_error.ts";

const OK = 0;
const TOO_SMALL = 7;
const STRIDE = 4;

/** A list of u32 entries whose length is `sizes[call]` on each call (the last one repeats). */
function fakeList(sizes: number[]): { call: SizedListCall; capacities: (number | null)[] } {
  const capacities: (number | null)[] = [];
  const call: SizedListCall = (count, buffer) => {
    const n = sizes[Math.min(capacities.length, sizes.length - 1)] ?? 0;
    capacities.push(buffer === null ? null : count[0] ?? 0);
    if (n === 0) {
      count[0] = 0;
      return OK;
    }
    if (buffer === null || (count[0] ?? 0) < n) {
      count[0] = n;
      return TOO_SMALL;
    }
    const view = new DataView(buffer.buffer, buffer.byteOffset);
    for (let i = 0; i < n; i++) view.setUint32(i * STRIDE, 100 + i, true);
    count[0] = n;
    return OK;
  };
  return { call, capacities };
}

function entries(result: ReturnType<typeof fetchSizedList>): number[] {
  assert.equal(result.kind, "ok");
  if (result.kind !== "ok") return [];
  const view = new DataView(result.bytes.buffer);
  return Array.from({ length: result.count }, (_, i) => view.getUint32(i * STRIDE, true));
}

const OPTIONS = { stride: STRIDE, success: OK, tooSmall: TOO_SMALL };

Deno.test("fetchSizedList() returns an empty list when the size query succeeds with 0", () => {
  const list = fakeList([0]);
  assert.deepEqual(entries(fetchSizedList(list.call, OPTIONS)), []);
  assert.deepEqual(list.capacities, [null]);
});

Deno.test("fetchSizedList() allocates what the size query asked for", () => {
  const list = fakeList([3]);
  assert.deepEqual(entries(fetchSizedList(list.call, OPTIONS)), [100, 101, 102]);
  assert.deepEqual(list.capacities, [null, 3]);
});

Deno.test("fetchSizedList() retries with a larger buffer when the list grew", () => {
  const list = fakeList([2, 5]);
  assert.deepEqual(entries(fetchSizedList(list.call, OPTIONS)), [100, 101, 102, 103, 104]);
  assert.deepEqual(list.capacities, [null, 2, 5]);
});

Deno.test("fetchSizedList() at least doubles when the library does not say how many", () => {
  let calls = 0;
  const capacities: number[] = [];
  const result = fetchSizedList((count, buffer) => {
    calls++;
    if (buffer !== null) capacities.push(count[0] ?? 0);
    if (buffer === null || (count[0] ?? 0) < 6) {
      count[0] = 1; // an unhelpful count
      return TOO_SMALL;
    }
    count[0] = 6;
    return OK;
  }, OPTIONS);
  assert.equal(result.kind, "ok");
  assert.deepEqual(capacities, [1, 2, 4, 8]);
  assert.equal(calls, 5);
});

Deno.test("fetchSizedList() reports a list that keeps growing instead of truncating it", () => {
  const result = fetchSizedList((count) => {
    count[0] = (count[0] ?? 0) + 1;
    return TOO_SMALL;
  }, { ...OPTIONS, maxAttempts: 3 });
  assert.deepEqual(result, { kind: "kept-growing", attempts: 3, lastCount: 5 });
});

Deno.test("fetchSizedList() passes any other code through", () => {
  assert.deepEqual(fetchSizedList(() => 3, OPTIONS), { kind: "error", code: 3 });
  let first = true;
  const result = fetchSizedList((count) => {
    if (first) {
      first = false;
      count[0] = 2;
      return TOO_SMALL;
    }
    return 15;
  }, OPTIONS);
  assert.deepEqual(result, { kind: "error", code: 15 });
});

Deno.test("fetchSizedList() follows a size query that succeeds with a count (Level Zero style)", () => {
  const prepared: number[] = [];
  const result = fetchSizedList((count, buffer) => {
    if (buffer === null) {
      count[0] = 2;
      return OK;
    }
    new DataView(buffer.buffer).setUint32(4, 9, true);
    return OK;
  }, { ...OPTIONS, prepare: (_bytes, capacity) => prepared.push(capacity) });
  assert.deepEqual(entries(result), [0, 9]);
  assert.deepEqual(prepared, [2]);
});

Deno.test("fetchSizedList() refuses a count above maxCount before allocating", () => {
  let fetches = 0;
  const result = fetchSizedList((count, buffer) => {
    if (buffer !== null) fetches++;
    count[0] = 0x80000000; // 2^31 entries × 48 bytes would be 96 GiB
    return 0;
  }, { stride: 48, success: 0, tooSmall: 7 });
  assert.deepEqual(result, { kind: "too-many", reported: 2147483648, maxCount: 65536 });
  assert.equal(fetches, 0);
});

const CALLS = vendorCalls({
  success: OK,
  notExported: 13,
  message: (code) => `code ${code}`,
  create: (code, symbol, message) => new VendorCallError(code, symbol, `${symbol}: ${message}`),
});

const REFUSED: ListRefusals = {
  codes: { tooMany: 21, keptGrowing: 22 },
  tooMany: (reported, limit) => `${reported} is more than ${limit}`,
  keptGrowing: (count, attempts) => `still growing at ${count} after ${attempts}`,
};

function refusal(result: Parameters<typeof listEntries>[0]): [number, string] {
  try {
    listEntries(result, CALLS, "fooList", REFUSED);
  } catch (error) {
    assert.ok(error instanceof VendorCallError);
    return [error.code, error.message];
  }
  throw new Error("not refused");
}

Deno.test("listEntries() words every refusal as the library's own error", () => {
  assert.deepEqual(refusal({ kind: "error", code: 3 }), [3, "fooList: code 3"]);
  assert.deepEqual(refusal({ kind: "too-many", reported: 9, maxCount: 4 }), [
    21,
    "fooList: 9 is more than 4",
  ]);
  assert.deepEqual(refusal({ kind: "too-many", reported: 9, limit: 5 }), [
    21,
    "fooList: 9 is more than 5",
  ]);
  assert.deepEqual(refusal({ kind: "kept-growing", lastCount: 8, attempts: 5 }), [
    22,
    "fooList: still growing at 8 after 5",
  ]);
});

Deno.test("listEntries(), eachEntry() and handlesIn() read a list fetched whole", () => {
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  view.setBigUint64(0, 0x1000n, true);
  view.setBigUint64(8, 0x2000n, true);
  const list = listEntries({ kind: "ok", count: 2, bytes }, CALLS, "fooList", REFUSED);
  assert.deepEqual(eachEntry(list, 8, (entries, base) => entries.u64(base)), [0x1000n, 0x2000n]);
  const handles = handlesIn(list).map((handle) => Deno.UnsafePointer.value(handle));
  assert.deepEqual(handles, [0x1000n, 0x2000n]);
  assert.deepEqual(eachEntry({ count: 0, view: new StructBuffer(0) }, 8, () => 1), []);
});
