/**
 * Character tests for the fdinfo parser, on char codes and written out by hand: they run on
 * every line and value, where a regex or a sliced copy per call would cost more than the parse.
 */

const WHITESPACE = /\s/;

/**
 * Names of Object.prototype members (`__proto__`, `constructor`, …): a name taken from the
 * text that is one of them would set a prototype or read an inherited function later, so such
 * a line is treated as garbage. One Set lookup instead of an `in` walk per key.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export function isSafeName(name: string): boolean {
  return name !== "" && !PROTOTYPE_NAMES.has(name);
}

/** True for a char code `\s` matches in ASCII; above 127 the regex decides (rare). */
export function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

export function hasWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) return true;
    if (code > 127) return WHITESPACE.test(text);
  }
  return false;
}

/**
 * Index of the first char `code` in `text` from `from` up to (not including) `end`, or -1.
 * Unlike `text.indexOf`, it never looks past `end`: a search for a line's colon that ran on to
 * the next colon in the text would make a parse of many colon-less lines quadratic.
 */
export function indexOfCodeBefore(text: string, code: number, from: number, end: number): number {
  for (let at = from; at < end; at++) {
    if (text.charCodeAt(at) === code) return at;
  }
  return -1;
}

export function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isLetterOrPercent(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 37;
}
