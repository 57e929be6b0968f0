/**
 * Makes untrusted text (process names, command lines, device names, error details) safe to
 * print on a terminal. Nothing that reaches a terminal through a renderer may carry a raw
 * control character or escape sequence, and nothing may reorder the line it is on.
 *
 * Replaced with visible escapes (the result is plain printable text):
 * - C0 controls U+0000–U+001F: `\t` `\n` `\r` `\a` `\b` `\v` `\f` by name, ESC as `\e`,
 *   the rest as `\xHH` (lower-case hex, 4 characters);
 * - DEL U+007F and C1 controls U+0080–U+009F as `\xHH` (e.g. CSI U+009B → `\x9b`);
 * - bidi controls that can reorder a line: U+202A–U+202E, U+2066–U+2069, plus the marks
 *   U+200E, U+200F, U+061C and the separators U+2028, U+2029, as `\uHHHH`;
 * - lone UTF-16 surrogates (not valid text) as `\uHHHH`.
 *
 * Everything else, including CJK and emoji, is kept as is. A backslash is not doubled, so
 * the escaping is for display, not a reversible encoding.
 */

const NAMED_C0: Readonly<Record<number, string>> = {
  0x07: "\\a",
  0x08: "\\b",
  0x09: "\\t",
  0x0a: "\\n",
  0x0b: "\\v",
  0x0c: "\\f",
  0x0d: "\\r",
  0x1b: "\\e",
};

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, "0");
}

function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e || code === 0x200f || code === 0x061c || code === 0x2028 ||
    code === 0x2029;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Returns `text` with every control, bidi override and lone surrogate made visible. */
export function escapeText(text: string): string {
  let out = "";
  let plainStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let replacement: string | null = null;
    if (code < 0x20) {
      replacement = NAMED_C0[code] ?? `\\x${hex(code, 2)}`;
    } else if (code >= 0x7f && code <= 0x9f) {
      replacement = `\\x${hex(code, 2)}`;
    } else if (isBidiControl(code)) {
      replacement = `\\u${hex(code, 4)}`;
    } else if (isHighSurrogate(code)) {
      if (i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
        i++; // a valid pair: keep both halves
        continue;
      }
      replacement = `\\u${hex(code, 4)}`;
    } else if (isLowSurrogate(code)) {
      replacement = `\\u${hex(code, 4)}`;
    }
    if (replacement !== null) {
      out += text.slice(plainStart, i) + replacement;
      plainStart = i + 1;
    }
  }
  return plainStart === 0 ? text : out + text.slice(plainStart);
}
