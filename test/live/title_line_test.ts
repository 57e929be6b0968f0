import assert from "node:assert/strict";
import { titleText } from "../../src/live/title_line.ts";
import { INITIAL_UI_STATE } from "../../src/live/ui_state.ts";
import { FRAME_SNAPSHOT } from "./live_frame_fixture.ts";

const OPTIONS = { color: false, intervalMs: 1000, version: "0.1.0", pending: false, error: null };

Deno.test("titleText: a replay shows the reading's date and time, where, speed and skips", () => {
  const replay = { position: 3, total: 120, speed: 2, playing: false, skipped: 4 };
  assert.equal(
    titleText(FRAME_SNAPSHOT, INITIAL_UI_STATE, { ...OPTIONS, replay }),
    " gputop 0.1.0 · gpu-box · 2025-06-01 12:34:56 UTC · replay 3/120 · 2× · paused · " +
      "4 lines skipped · sort: GPU memory · GPU: all",
  );
  const live = titleText(FRAME_SNAPSHOT, INITIAL_UI_STATE, OPTIONS);
  assert.match(live, / · 12:34:56 UTC · every 1s · /);
});
