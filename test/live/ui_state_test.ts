import assert from "node:assert/strict";
import { parseKeys } from "../../src/live/keys.ts";
import { applyKey, INITIAL_UI_STATE } from "../../src/live/ui_state.ts";

const CONTEXT = { deviceIndexes: [0, 1], pageRows: 5, totalRows: 3 };

Deno.test("g cycles the chart layouts: per device → one metric for all → off → per device", () => {
  assert.deepEqual(parseKeys("gG"), ["charts", "charts"]);
  let state = INITIAL_UI_STATE;
  const seen = [state.charts];
  for (let i = 0; i < 3; i++) {
    state = applyKey(state, "charts", CONTEXT).state;
    seen.push(state.charts);
  }
  assert.deepEqual(seen, ["device", "metric", "off", "device"]);
});

Deno.test("r reverses, p pauses, / starts the filter, Esc clears it", () => {
  assert.deepEqual(parseKeys("rRpP/"), ["reverse", "reverse", "pause", "pause", "search"]);
  let state = applyKey({ ...INITIAL_UI_STATE, scroll: 2 }, "reverse", CONTEXT).state;
  assert.deepEqual([state.reverse, state.scroll], [true, 0]);
  state = applyKey(state, "pause", CONTEXT).state;
  assert.equal(state.paused, true);
  state = applyKey(state, "search", CONTEXT).state;
  assert.equal(state.editing, true);
  state = applyKey({ ...state, editing: false, search: "fire", help: true }, "escape", CONTEXT)
    .state;
  assert.deepEqual([state.search, state.editing, state.help], ["", false, false]);
});

Deno.test("the replay's keys parse, and leave the view's state alone", () => {
  assert.deepEqual(parseKeys("\x1b[D\x1bOC+=-"), ["left", "right", "faster", "faster", "slower"]);
  for (const key of ["left", "right", "faster", "slower"] as const) {
    assert.deepEqual(applyKey(INITIAL_UI_STATE, key, CONTEXT), {
      state: INITIAL_UI_STATE,
      quit: false,
    });
  }
});
