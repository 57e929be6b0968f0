/**
 * `ProcessRows` (`src/session/process_rows.ts`): a long-running session's enriched row is the
 * last sample's object while `withFacts` would make an equal one (same values, same nested
 * objects), and a new row otherwise: changed facts, a changed merged field, a new memory or
 * engine object, another order.
 */
import assert from "node:assert/strict";
import { ProcessRows } from "../../src/session/process_rows.ts";
import { type ProcessFacts, withFacts } from "../../src/session/process_facts.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

const facts: ProcessFacts = {
  name: "trainer",
  command: "trainer --gpu",
  user: "ada",
  rssBytes: 4096,
  container: null,
  pod: null,
  containerPid: null,
  cpuPercent: 1.5,
  startTime: "2024-01-02T03:04:17.340Z",
  state: "sleeping",
};

function merged(pid: number, engines: Record<string, number>) {
  return makeProcess({ pid, source: "drm", gpuMemoryBytes: 8192, engines });
}

Deno.test("process rows: an unchanged row is the last sample's object, equal to withFacts'", () => {
  const rows = new ProcessRows();
  const engines = { gfx: 0 };
  const first = rows.rowsOf([merged(1, engines), merged(2, engines)], () => facts);
  assert.deepEqual(first[0], withFacts(merged(1, engines), facts));
  const second = rows.rowsOf([merged(1, engines), merged(2, engines)], () => facts);
  assert.equal(second[0], first[0]);
  assert.equal(second[1], first[1]);
});

Deno.test("process rows: changed facts, fields, nested objects or order make new rows", () => {
  const rows = new ProcessRows();
  const engines = { gfx: 0 };
  const [row] = rows.rowsOf([merged(1, engines)], () => facts);
  const busier = { ...facts, cpuPercent: 80 };
  const [withCpu] = rows.rowsOf([merged(1, engines)], () => busier);
  assert.notEqual(withCpu, row);
  assert.equal(withCpu!.cpuPercent, 80);
  const [moreMemory] = rows.rowsOf(
    [{ ...merged(1, engines), gpuMemoryBytes: 16384 }],
    () => busier,
  );
  assert.notEqual(moreMemory, withCpu);
  assert.equal(moreMemory!.gpuMemoryBytes, 16384);
  // An equal but new engines object is another object: the row is made anew (no deep compare).
  const [newEngines] = rows.rowsOf(
    [{ ...merged(1, { gfx: 0 }), gpuMemoryBytes: 16384 }],
    () => busier,
  );
  assert.notEqual(newEngines, moreMemory);
  const two = rows.rowsOf([merged(1, engines), merged(2, engines)], () => facts);
  const swapped = rows.rowsOf([merged(2, engines), merged(1, engines)], () => facts);
  assert.notEqual(swapped[0], two[1]);
  assert.equal(swapped[0]!.pid, 2);
  // A backend-given user wins over the facts, as in withFacts.
  const [given] = rows.rowsOf([{ ...merged(2, engines), user: "root" }], () => facts);
  assert.equal(given!.user, "root");
});

Deno.test("process rows: the same merged record and facts give the last row unread", () => {
  const rows = new ProcessRows();
  let reads = 0;
  const record = new Proxy(merged(1, { gfx: 0 }), {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  const [first] = rows.rowsOf([record], () => facts);
  reads = 0;
  const [second] = rows.rowsOf([record], () => facts);
  assert.equal(second, first);
  assert.equal(reads, 0); // no field compared: the very objects the row was made from
  // Another facts object (equal values) is compared field by field, and still the same row.
  const [third] = rows.rowsOf([record], () => ({ ...facts }));
  assert.equal(third, first);
  assert.ok(reads > 0);
});
