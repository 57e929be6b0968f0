/** `r`, `/` and `p` in the `top` frame, drawn without a terminal. */
import assert from "node:assert/strict";
import { renderLiveFrame } from "../../src/live/live_frame.ts";
import { INITIAL_UI_STATE, type UiState } from "../../src/live/ui_state.ts";
import { FRAME_SNAPSHOT } from "./live_frame_fixture.ts";

function frame(state: Partial<UiState>): string[] {
  return renderLiveFrame(FRAME_SNAPSHOT, { columns: 120, rows: 18 }, {
    ...INITIAL_UI_STATE,
    ...state,
  }, { color: false, intervalMs: 1000, version: "0.1.0", pending: false, error: null });
}

const pids = (lines: string[]) =>
  lines.map((line) => /^ +(\d+) /.exec(line)?.[1]).filter((pid) => pid !== undefined).map(Number);

Deno.test("frame: r turns the order round and says so", () => {
  assert.deepEqual(pids(frame({})), [4242, 5151, 77]);
  const reversed = frame({ reverse: true });
  assert.deepEqual(pids(reversed), [77, 5151, 4242]);
  assert.match(reversed[0]!, /sort: GPU memory, reversed/);
});

Deno.test("frame: / filter keeps the matches, the title names it, the key line shows typing", () => {
  const kept = frame({ search: "bob" });
  assert.deepEqual(pids(kept), [5151]);
  assert.match(kept[0]!, /filter: bob/);
  assert.match(kept.at(-1)!, /processes 1-1 of 1/);
  const typing = frame({ search: "xo", editing: true });
  assert.deepEqual(pids(typing), [77]);
  assert.match(typing.at(-1)!, /^ filter: xo_ +Enter keep {2}Esc clear/);
  assert.doesNotMatch(typing[0]!, /filter:/);
});

Deno.test("frame: p says PAUSED on the title line", () => {
  assert.match(frame({ paused: true })[0]!, / · PAUSED/);
  assert.doesNotMatch(frame({})[0]!, /PAUSED/);
});
