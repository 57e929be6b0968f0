import assert from "node:assert/strict";
import { indexOfCodeBefore } from "../../../src/linux/fdinfo/fdinfo_chars.ts";

const COLON = 58;

Deno.test("indexOfCodeBefore finds a char within [from, end) only, never past end", () => {
  const text = "ab\ncd:e\nfg";
  assert.equal(indexOfCodeBefore(text, COLON, 3, 7), 5);
  assert.equal(indexOfCodeBefore(text, COLON, 0, 2), -1, "the colon lies past the line");
  assert.equal(indexOfCodeBefore(text, COLON, 6, 7), -1, "before from");
  assert.equal(indexOfCodeBefore(text, COLON, 3, 5), -1, "end is excluded");
  assert.equal(indexOfCodeBefore(text, COLON, 5, 5), -1, "an empty range");
});
