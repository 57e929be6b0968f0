import assert from "node:assert/strict";
import { answerPrompt, askSignal, toggleDetail } from "../../src/live/process_actions.ts";
import { processKey, rowKey } from "../../src/live/selection.ts";
import { INITIAL_UI_STATE } from "../../src/live/ui_state.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

const train = makeProcess({ pid: 4242, name: "python3", startTime: "2025-06-01T10:00:00.000Z" });
const render = makeProcess({ pid: 5151, name: null, command: "blender -b scene.blend" });
const rows = [train, render];
const context = { rows, pageRows: 10, processes: rows };
const chosen = (i: number) => ({
  ...INITIAL_UI_STATE,
  selection: { key: rowKey(rows[i]!), index: i },
});

Deno.test("toggleDetail: opens the chosen row's process, closes again", () => {
  const open = toggleDetail(chosen(1), context);
  assert.equal(open.detail, processKey(render));
  assert.equal(toggleDetail(open, context).detail, null);
  // Nothing chosen: the first row shown, which becomes the chosen one.
  const first = toggleDetail(INITIAL_UI_STATE, context);
  assert.equal(first.detail, processKey(train));
  assert.equal(first.selection?.key, rowKey(train));
  assert.equal(
    toggleDetail(INITIAL_UI_STATE, { ...context, rows: [] }).message,
    "no process to show",
  );
});

Deno.test("askSignal: SIGTERM to the chosen process, its name from the command when unnamed", () => {
  const asked = askSignal(chosen(1), context);
  assert.deepEqual(asked.prompt, {
    pid: 5151,
    name: "blender",
    processKey: processKey(render),
    startTime: null,
    signal: "SIGTERM",
  });
  const started = askSignal(chosen(0), context).prompt?.startTime;
  assert.equal(started, "2025-06-01T10:00:00.000Z", "checked again before the signal leaves");
  assert.equal(askSignal(INITIAL_UI_STATE, context).prompt, null, "nothing chosen: no prompt");
  assert.match(askSignal(INITIAL_UI_STATE, context).message ?? "", /choose a process first/);
});

Deno.test("askSignal: off (read-only, replay) says why and asks nothing", () => {
  const off = askSignal(chosen(0), { ...context, signalsOff: "read-only: K sends no signals" });
  assert.equal(off.prompt, null);
  assert.equal(off.message, "read-only: K sends no signals");
});

Deno.test("answerPrompt: y sends; K again on a process still there offers SIGKILL", () => {
  const sent: string[] = [];
  const send = (p: { pid: number; signal: string }) => {
    sent.push(`${p.signal} ${p.pid}`);
    return { message: `${p.signal} sent to ${p.pid}`, sent: true };
  };
  let state = answerPrompt(askSignal(chosen(0), context), true, send);
  assert.deepEqual(sent, ["SIGTERM 4242"]);
  assert.equal(state.message, "SIGTERM sent to 4242");
  assert.equal(state.prompt, null);
  state = askSignal(state, context);
  assert.equal(state.prompt?.signal, "SIGKILL");
  state = answerPrompt(state, true, send);
  assert.deepEqual(sent, ["SIGTERM 4242", "SIGKILL 4242"]);
  // Another process: SIGTERM first again.
  assert.equal(
    askSignal({ ...state, selection: chosen(1).selection }, context).prompt?.signal,
    "SIGTERM",
  );
});

Deno.test("answerPrompt: anything but y sends nothing", () => {
  let called = false;
  const state = answerPrompt(askSignal(chosen(0), context), false, () => {
    called = true;
    return { message: "", sent: true };
  });
  assert.equal(called, false);
  assert.equal(state.message, "SIGTERM not sent");
  assert.equal(state.terminated, null);
});

Deno.test("askSignal: with the panel open, K acts on the panel's process", () => {
  const state = { ...INITIAL_UI_STATE, detail: processKey(render) };
  assert.equal(askSignal(state, { ...context, rows: [] }).prompt?.pid, 5151);
  const gone = askSignal(state, { ...context, rows: [], processes: [train] });
  assert.match(gone.message ?? "", /no longer in the reading/);
});
