import assert from "node:assert/strict";
import {
  codePointWidth,
  displayWidth,
  padEndToWidth,
  padStartToWidth,
  truncateToWidth,
  WIDE_RANGES,
  ZERO_WIDTH_RANGES,
} from "../../src/render/display_width.ts";

Deno.test("displayWidth: ASCII counts one a character", () => {
  assert.equal(displayWidth(""), 0);
  assert.equal(displayWidth("hello"), 5);
  assert.equal(displayWidth("GeForce RTX 4090"), 16);
});

Deno.test("displayWidth: CJK, kana, Hangul and fullwidth count two", () => {
  assert.equal(displayWidth("日本語"), 6);
  assert.equal(displayWidth("ひらがなカタカナ"), 16);
  assert.equal(displayWidth("한국어"), 6);
  assert.equal(displayWidth("ＡＢ"), 4);
  assert.equal(displayWidth("\u3000"), 2); // ideographic space
  assert.equal(displayWidth("\u{20000}"), 2); // CJK extension B
});

Deno.test("displayWidth: emoji count two", () => {
  assert.equal(displayWidth("😀"), 2);
  assert.equal(displayWidth("🚀"), 2);
  assert.equal(displayWidth("🤖"), 2);
  assert.equal(displayWidth("⌚"), 2);
  assert.equal(displayWidth("gpu🔥"), 5);
});

Deno.test("displayWidth: combining marks, ZWJ, ZWSP and variation selectors count zero", () => {
  assert.equal(displayWidth("e\u0301"), 1);
  assert.equal(displayWidth("a\u200bb"), 2);
  assert.equal(displayWidth("\u200d"), 0);
  assert.equal(displayWidth("\ufe0f"), 0);
  assert.equal(displayWidth("\u{e0100}"), 0);
  assert.equal(displayWidth("\u{1f468}\u200d\u{1f469}"), 4); // per code point
});

Deno.test("displayWidth: controls count zero, ambiguous and Latin count one", () => {
  assert.equal(displayWidth("\x1b\x00\x9b"), 0);
  assert.equal(displayWidth("°…é"), 3);
});

Deno.test("range tables are sorted and do not overlap", () => {
  for (const table of [ZERO_WIDTH_RANGES, WIDE_RANGES]) {
    let previousEnd = -1;
    for (const [start, end] of table) {
      assert.ok(start <= end, `${start.toString(16)}..${end.toString(16)}`);
      assert.ok(start > previousEnd, `overlap at ${start.toString(16)}`);
      previousEnd = end;
    }
  }
  // zero-width wins where both match (combining kana marks)
  assert.equal(codePointWidth(0x3099), 0);
  assert.equal(codePointWidth(0x30a2), 2);
});

Deno.test("padEndToWidth / padStartToWidth pad by display width and never shorten", () => {
  assert.equal(padEndToWidth("日本", 6), "日本  ");
  assert.equal(padStartToWidth("日本", 6), "  日本");
  assert.equal(padEndToWidth("abcdef", 3), "abcdef");
  assert.equal(displayWidth(padEndToWidth("😀x", 8)), 8);
});

Deno.test("truncateToWidth keeps text that fits", () => {
  assert.equal(truncateToWidth("abc", 3), "abc");
  assert.equal(truncateToWidth("日本語", 6), "日本語");
});

Deno.test("truncateToWidth cuts with an ellipsis and never halves a wide character", () => {
  assert.equal(truncateToWidth("abcdef", 4), "abc…");
  assert.equal(truncateToWidth("日本語", 5), "日本…");
  // only one column left before the ellipsis: the wide char is dropped, not split
  assert.equal(truncateToWidth("日本語", 4), "日…");
  assert.equal(displayWidth(truncateToWidth("日本語", 4)), 3);
  assert.equal(truncateToWidth("abc", 1), "…");
  assert.equal(truncateToWidth("abc", 0), "");
});

Deno.test("truncateToWidth keeps combining marks with their base", () => {
  assert.equal(truncateToWidth("e\u0301e\u0301e\u0301", 3), "e\u0301e\u0301e\u0301");
  assert.equal(truncateToWidth("e\u0301e\u0301e\u0301x", 3), "e\u0301e\u0301…");
});

Deno.test("truncateToWidth result never exceeds the width", () => {
  const samples = ["日本語テキスト", "mixed 日本 text 😀🎉", "e\u0301\u0302abc", "ＡＢＣＤ"];
  for (const text of samples) {
    for (let width = 0; width <= 20; width++) {
      const out = truncateToWidth(text, width);
      assert.ok(displayWidth(out) <= width, `${text} @ ${width} → ${out}`);
    }
  }
});
