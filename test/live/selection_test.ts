import assert from "node:assert/strict";
import {
  moveSelection,
  processKey,
  rowKey,
  scrollShowing,
  selectedIndex,
} from "../../src/live/selection.ts";
import type { ListedProcess } from "../../src/model/types.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

const a = makeProcess({ pid: 10, startTime: "2025-06-01T10:00:00.000Z", deviceId: "gpu-a" });
const b = makeProcess({ pid: 20, startTime: null, deviceId: "gpu-a" });
const c = makeProcess({ pid: 30, startTime: null, deviceId: "gpu-b" });

Deno.test("rowKey / processKey: pid and start time; the row adds its device", () => {
  assert.equal(processKey(a), "10@2025-06-01T10:00:00.000Z");
  assert.equal(rowKey(a), "10@2025-06-01T10:00:00.000Z#gpu-a");
  // The same pid started again is another process: not the row chosen before.
  const reborn = { ...a, startTime: "2025-06-01T11:00:00.000Z" };
  assert.notEqual(rowKey(reborn), rowKey(a));
  // With --hosts, the same pid on two hosts is two processes.
  const remote: ListedProcess = { ...a, host: "gpu-07:9757" };
  assert.equal(processKey(remote), "gpu-07:9757 10@2025-06-01T10:00:00.000Z");
});

Deno.test("selectedIndex: follows its process when rows reorder", () => {
  const selection = { key: rowKey(b), index: 1 };
  assert.equal(selectedIndex(selection, [a, b, c]), 1);
  assert.equal(selectedIndex(selection, [c, a, b]), 2, "b moved to the end; so does the highlight");
});

Deno.test("selectedIndex: its process gone, the same place, clamped to the rows there are", () => {
  assert.equal(selectedIndex({ key: rowKey(b), index: 1 }, [a, c]), 1);
  assert.equal(selectedIndex({ key: rowKey(c), index: 2 }, [a, b]), 1, "clamped to the last");
  assert.equal(selectedIndex({ key: rowKey(c), index: 2 }, []), null);
  assert.equal(selectedIndex(null, [a, b]), null, "nothing chosen yet");
});

Deno.test("scrollShowing: the page moves just enough to show the row", () => {
  assert.equal(scrollShowing(0, 7, 5, 20), 3); // rows 3..7
  assert.equal(scrollShowing(6, 2, 5, 20), 2);
  assert.equal(scrollShowing(4, 5, 5, 20), 4, "already on the page: unchanged");
  assert.equal(scrollShowing(30, null, 5, 20), 15, "clamped to the last page");
});

Deno.test("moveSelection: the first move chooses the first row on the page", () => {
  const rows = Array.from({ length: 10 }, (_, i) => makeProcess({ pid: i + 1 }));
  const moved = moveSelection(null, 4, "down", { rows, pageRows: 3 });
  assert.deepEqual(moved, { selection: { key: rowKey(rows[4]!), index: 4 }, scroll: 4 });
  const up = moveSelection(moved.selection, moved.scroll, "up", { rows, pageRows: 3 });
  assert.deepEqual(up, { selection: { key: rowKey(rows[3]!), index: 3 }, scroll: 3 });
  assert.deepEqual(moveSelection(null, 0, "down", { rows: [], pageRows: 3 }), {
    selection: null,
    scroll: 0,
  });
});
