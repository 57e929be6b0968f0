import assert from "node:assert/strict";
import { escapeText } from "../../src/render/escape_text.ts";

/** True when `text` holds any C0, DEL or C1 control, or a bidi override / isolate. */
function hasDangerousCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

Deno.test("escapeText: an SGR sequence loses its ESC", () => {
  assert.equal(escapeText("\x1b[31mred\x1b[0m"), "\\e[31mred\\e[0m");
});

Deno.test("escapeText: an OSC title sequence is made visible, BEL included", () => {
  const out = escapeText("\x1b]0;pwned\x07name");
  assert.equal(out, "\\e]0;pwned\\aname");
  assert.ok(!hasDangerousCharacter(out));
});

Deno.test("escapeText: newline, tab and carriage return become two characters", () => {
  assert.equal(escapeText("a\nb\tc\rd"), "a\\nb\\tc\\rd");
});

Deno.test("escapeText: other C0 controls and DEL as \\xHH", () => {
  assert.equal(escapeText("\x00\x01\x1f\x7f"), "\\x00\\x01\\x1f\\x7f");
});

Deno.test("escapeText: C1 controls (8-bit CSI) as \\xHH", () => {
  assert.equal(escapeText("a\x9b31mb\x85c"), "a\\x9b31mb\\x85c");
});

Deno.test("escapeText: bidi overrides and isolates are made visible", () => {
  assert.equal(escapeText("evil\u202Etxt.exe"), "evil\\u202etxt.exe");
  const all = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
  const out = escapeText(all);
  assert.ok(!hasDangerousCharacter(out));
  assert.equal(out, "\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069");
});

Deno.test("escapeText: printable Unicode is kept as is", () => {
  for (const text of ["日本語", "한국어", "カタカナ", "😀🎉", "naïve café", "e\u0301", "👨‍👩‍👧"]) {
    assert.equal(escapeText(text), text);
  }
});

Deno.test("escapeText: lone surrogates are made visible, pairs kept", () => {
  assert.equal(escapeText("a\ud800b"), "a\\ud800b");
  assert.equal(escapeText("a\udc00"), "a\\udc00");
  assert.equal(escapeText("\ud83d\ude00"), "😀");
});

Deno.test("escapeText: plain ASCII is returned unchanged", () => {
  assert.equal(escapeText("python3 train.py --lr=0.1"), "python3 train.py --lr=0.1");
  assert.equal(escapeText(""), "");
});

Deno.test("escapeText: no control survives any single code unit", () => {
  for (let code = 0; code < 0x3000; code++) {
    const out = escapeText(`x${String.fromCharCode(code)}y`);
    assert.ok(!hasDangerousCharacter(out), `U+${code.toString(16)} → ${JSON.stringify(out)}`);
  }
});
