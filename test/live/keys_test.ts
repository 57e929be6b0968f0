import assert from "node:assert/strict";
import { parseKeys } from "../../src/live/keys.ts";
import { selectedIndex } from "../../src/live/selection.ts";
import {
  applyKey,
  INITIAL_UI_STATE,
  nextDeviceFilter,
  type UiState,
} from "../../src/live/ui_state.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

Deno.test("parseKeys: letters, Ctrl-C, arrows in both forms, paging, unknown sequences skipped", () => {
  assert.deepEqual(parseKeys("qsfh"), ["quit", "sort", "filter", "help"]);
  assert.deepEqual(parseKeys("\x03"), ["quit"]);
  assert.deepEqual(parseKeys("\x1b[A\x1bOB\x1b[5~\x1b[6~"), ["up", "down", "page-up", "page-down"]);
  assert.deepEqual(parseKeys("\x1b[H\x1b[F"), ["home", "end"]);
  assert.deepEqual(parseKeys("\x1b[1;5Cs"), ["sort"], "Ctrl-Right is not a key here");
  assert.deepEqual(parseKeys("\x1b"), ["escape"]);
  assert.deepEqual(parseKeys("xyz"), []);
  assert.deepEqual(parseKeys("kjK\r"), ["up", "down", "kill", "enter"], "K is not k");
});

const CONTEXT = { deviceIndexes: [0, 1, 3], pageRows: 5, totalRows: 12 };

Deno.test("applyKey: s cycles memory → utilization → pid → memory", () => {
  let state = INITIAL_UI_STATE;
  const orders: string[] = [];
  for (let i = 0; i < 3; i++) {
    state = applyKey(state, "sort", CONTEXT).state;
    orders.push(state.sort);
  }
  assert.deepEqual(orders, ["utilization", "pid", "memory"]);
});

Deno.test("applyKey: f cycles all → 0 → 1 → 3 → all", () => {
  let filter: number | null = null;
  const seen: (number | null)[] = [];
  for (let i = 0; i < 4; i++) {
    filter = nextDeviceFilter(filter, CONTEXT.deviceIndexes);
    seen.push(filter);
  }
  assert.deepEqual(seen, [0, 1, 3, null]);
  assert.equal(nextDeviceFilter(7, [0, 1]), null, "a device that went away resets the filter");
});

Deno.test("applyKey: ↑ ↓ PgUp PgDn Home End move the highlight; the page follows it", () => {
  // 12 rows, 5 on screen: the last page starts at 12 − 5 = 7
  const rows = Array.from({ length: 12 }, (_, i) => makeProcess({ pid: 100 + i }));
  const context = { ...CONTEXT, rows };
  const press = (state: UiState, key: Parameters<typeof applyKey>[1]) =>
    applyKey(state, key, context).state;
  const at = (state: UiState) => [selectedIndex(state.selection, rows), state.scroll];
  let state = press(INITIAL_UI_STATE, "down");
  assert.deepEqual(at(state), [0, 0], "the first move chooses the first row shown");
  state = press(state, "up");
  assert.deepEqual(at(state), [0, 0], "clamped at the top");
  for (let i = 0; i < 5; i++) state = press(state, "down");
  assert.deepEqual(at(state), [5, 1], "row 5 is past a 5-row page: the page moves one");
  state = press(state, "page-down");
  assert.deepEqual(at(state), [10, 6]);
  state = press(state, "page-down");
  assert.deepEqual(at(state), [11, 7], "clamped at the last row");
  state = press(state, "page-up");
  assert.deepEqual(at(state), [6, 6]);
  state = press(state, "home");
  assert.deepEqual(at(state), [0, 0]);
  state = press(state, "end");
  assert.deepEqual(at(state), [11, 7]);
  assert.equal(applyKey(INITIAL_UI_STATE, "quit", CONTEXT).quit, true);
  assert.equal(applyKey(INITIAL_UI_STATE, "help", CONTEXT).state.help, true);
});

Deno.test("applyKey: s steps through the offered orders only, in their fixed order", () => {
  let state = INITIAL_UI_STATE;
  const orders: string[] = [];
  const context = {
    ...CONTEXT,
    sortOrders: ["memory", "utilization", "cpu", "pod", "pid"] as const,
  };
  for (let i = 0; i < 5; i++) {
    state = applyKey(state, "sort", context).state;
    orders.push(state.sort);
  }
  assert.deepEqual(orders, ["utilization", "cpu", "pod", "pid", "memory"]);
  // An order no longer offered (its column went away) steps on to the next one offered.
  const gone = applyKey({ ...INITIAL_UI_STATE, sort: "start" }, "sort", CONTEXT).state;
  assert.equal(gone.sort, "pid");
});
