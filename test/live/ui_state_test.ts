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
