import assert from "node:assert/strict";
import { inputTokens } from "../../src/live/keys.ts";
import { applySearchToken, searchProcesses } from "../../src/live/search_input.ts";
import { INITIAL_UI_STATE, type UiState } from "../../src/live/ui_state.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

function typed(text: string, from: UiState = { ...INITIAL_UI_STATE, editing: true }): UiState {
  return inputTokens(text).reduce(applySearchToken, from);
}

Deno.test("applySearchToken: typing, backspace, arrows ignored, Enter keeps, Esc clears", () => {
  assert.equal(typed("fiR\x7fre\x1b[Afox").search, "firefox");
  const kept = typed("日本\r");
  assert.deepEqual([kept.search, kept.editing], ["日本", false]);
  const cleared = typed("abc\x1b");
  assert.deepEqual([cleared.search, cleared.editing], ["", false]);
  assert.equal(typed("x".repeat(100)).search.length, 64);
});

Deno.test("searchProcesses: name, command, user, container, pod or PID, any case", () => {
  const processes = [
    makeProcess({ pid: 4242, name: "python3", command: "python3 train.py", user: "alice" }),
    makeProcess({
      pid: 5151,
      name: "blender",
      user: "bob",
      container: { runtime: "docker", id: "3f2a9c1e7b4d" },
    }),
    makeProcess({
      pid: 77,
      name: "Xorg",
      pod: { uid: "u-1", namespace: "ml", name: "trainer-0", qos: null },
    }),
  ];
  const pids = (search: string) => searchProcesses(processes, search).map((p) => p.pid);
  assert.deepEqual(pids(""), [4242, 5151, 77]);
  assert.deepEqual(pids("TRAIN.py"), [4242]);
  assert.deepEqual(pids("bob"), [5151]);
  assert.deepEqual(pids("docker:3f2a"), [5151]);
  assert.deepEqual(pids("ml/trainer"), [77]);
  assert.deepEqual(pids("424"), [4242]);
  assert.deepEqual(pids("nothing"), []);
});
