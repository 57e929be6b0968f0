import assert from "node:assert/strict";
import { wrapToWidth } from "../../src/live/text_wrap.ts";
import { displayWidth } from "../../src/render/display_width.ts";

Deno.test("wrapToWidth: every character kept, no line wider than asked", () => {
  const text = "python3 train.py --epochs 100 --batch-size 256";
  const lines = wrapToWidth(text, 10);
  assert.deepEqual(lines, ["python3 tr", "ain.py --e", "pochs 100 ", "--batch-si", "ze 256"]);
  assert.equal(lines.join(""), text);
});

Deno.test("wrapToWidth: a wide character or emoji sequence is never split", () => {
  // 日本 is 4 columns; 語 (2) would make 6: it starts the next line, with the family (2) and x.
  const lines = wrapToWidth("日本語👨‍👩‍👧x", 5);
  assert.deepEqual(lines, ["日本", "語👨‍👩‍👧x"]);
  assert.deepEqual(wrapToWidth("日本語👨‍👩‍👧xy", 5), ["日本", "語👨‍👩‍👧x", "y"]);
  for (const line of lines) assert.ok(displayWidth(line) <= 5);
  assert.deepEqual(wrapToWidth("", 5), [""]);
});
