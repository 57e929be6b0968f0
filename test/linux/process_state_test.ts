import assert from "node:assert/strict";
import { processStateOf } from "../../src/linux/process_state.ts";

Deno.test("processStateOf maps the kernel's letters; others are other, none is null", () => {
  const expected: [string | null, string | null][] = [
    ["R", "running"],
    ["S", "sleeping"],
    ["D", "disk-sleep"],
    ["T", "stopped"],
    ["t", "stopped"],
    ["Z", "zombie"],
    ["X", "other"],
    ["I", "other"],
    ["P", "other"],
    ["?", "other"],
    ["", null],
    [null, null],
  ];
  for (const [letter, state] of expected) assert.equal(processStateOf(letter), state, letter ?? "");
});
