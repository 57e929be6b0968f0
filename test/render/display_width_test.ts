import assert from "node:assert/strict";
import stringWidth from "../../src/deps/string_width.ts";
import {
  displayWidth,
  fitToWidth,
  padEndToWidth,
  padStartToWidth,
  truncateToWidth,
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
  assert.equal(displayWidth("⌚"), 2);
  assert.equal(displayWidth("gpu🔥"), 5);
});

Deno.test("displayWidth: emoji sequences are one grapheme of two columns", () => {
  // man ZWJ woman ZWJ girl: one family glyph. The old per-code-point table said 6
  // (2 + 0 + 2 + 0 + 2), which pushed every later column 4 cells right.
  assert.equal(displayWidth("\u{1f468}\u200d\u{1f469}\u200d\u{1f467}"), 2);
  assert.equal(displayWidth("\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}"), 2);
  assert.equal(displayWidth("\u{1f44d}\u{1f3fd}"), 2); // thumbs up + skin tone: one glyph
  assert.equal(displayWidth("\u{1f1e9}\u{1f1ea}"), 2); // regional indicators D E: one flag
  assert.equal(displayWidth("\u2764\ufe0f"), 2); // heart + VS16: emoji presentation
});

Deno.test("displayWidth: combining marks, ZWSP and lone variation selectors count zero", () => {
  assert.equal(displayWidth("e\u0301"), 1);
  assert.equal(displayWidth("a\u200bb"), 2);
  assert.equal(displayWidth("\ufe0f"), 0);
  assert.equal(displayWidth("°…é"), 3); // ambiguous counts one
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

Deno.test("truncateToWidth never splits a grapheme cluster", () => {
  const family = "\u{1f468}\u200d\u{1f469}\u200d\u{1f467}";
  // "ab" (2) + family (2) = 4 columns; width 4 keeps it, width 3 leaves "ab" + "…"
  assert.equal(truncateToWidth(`ab${family}cd`, 5), `ab${family}…`);
  assert.equal(truncateToWidth(`ab${family}cd`, 4), "ab…");
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

Deno.test("fitToWidth pads or cuts to exactly the width", () => {
  assert.equal(fitToWidth("ab", 4), "ab  ");
  assert.equal(fitToWidth("abcdef", 4), "abcd");
  assert.equal(fitToWidth("日本語", 5), "日本 "); // 4 columns of text, 1 of padding
  assert.equal(fitToWidth("x", 0), "");
});

Deno.test("displayWidth: the single-column fast path agrees with string-width everywhere", () => {
  const neighbours = ["", "a", "\u0301", "\u200d", "\ufe0f", "\u{1F600}", "字", "\u00ad", "▇"];
  for (let code = 0x20; code < 0x3000; code++) {
    const char = String.fromCharCode(code);
    for (const next of neighbours) {
      const text = `x${char}${next}`;
      assert.equal(displayWidth(text), stringWidth(text), `U+${code.toString(16)} then ${next}`);
    }
  }
  for (const text of ["", "trainer", "▁▂▃▄▅▆▇█", "GPU 0 · 45 °C — 3×", "e\u0301", "a\u00adb"]) {
    assert.equal(displayWidth(text), stringWidth(text), text);
  }
});
