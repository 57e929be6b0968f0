/**
 * Terminal column width of text, from the maintained npm `string-width` (grapheme-aware:
 * a ZWJ emoji sequence such as a family counts 2, variation selectors and combining marks
 * attach to their base, East Asian Wide/Fullwidth count 2, East Asian Ambiguous counts 1 as
 * in non-CJK locales, current Unicode data). It replaced a hand-written per-code-point table
 * that disagreed with it on about 2,000 code points and counted a ZWJ family as 6 columns.
 *
 * Callers pass text that went through `escapeText`, so there are no controls to measure;
 * `string-width` would also ignore ANSI escapes, which is why escaping comes first.
 */
import stringWidth from "../deps/string_width.ts";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Number of terminal columns `text` occupies. */
export function displayWidth(text: string): number {
  return isAllSingleColumn(text) ? text.length : stringWidth(text);
}

/**
 * True when every UTF-16 unit of `text` is a code point that takes one column on its own and
 * never joins a neighbour into a cluster: printable ASCII, Latin-1 and Latin Extended letters
 * and signs (not the soft hyphen, which takes none), general punctuation (dashes, quotes,
 * `…`), arrows, box drawing and block elements (the charts' bars). `string-width` counts each
 * such text as its length (a test compares the two on every code point of these ranges); any
 * other unit (a combining mark, a wide or zero-width character, a surrogate) takes its path.
 * A frame of `top` measures thousands of such cells a second.
 */
function isAllSingleColumn(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code <= 0x7e) continue;
    if (code >= 0xa0 && code <= 0x24f ? code === 0xad : !isSingleColumnSign(code)) return false;
  }
  return true;
}

function isSingleColumnSign(code: number): boolean {
  return (code >= 0x2010 && code <= 0x2027) || (code >= 0x2190 && code <= 0x21ff) ||
    (code >= 0x2500 && code <= 0x259f);
}

/** `text` followed by spaces up to `width` columns; never shortens it. */
export function padEndToWidth(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? text + " ".repeat(missing) : text;
}

/** Spaces up to `width` columns followed by `text`; never shortens it. */
export function padStartToWidth(text: string, width: number): string {
  const missing = width - displayWidth(text);
  return missing > 0 ? " ".repeat(missing) + text : text;
}

const ELLIPSIS = "…";

/**
 * `text` when it fits in `width` columns, else its longest prefix of whole grapheme clusters
 * that fits in `width - 1` columns followed by `…`. A wide character or an emoji sequence is
 * never cut in half: when only one column is left before the ellipsis and the next cluster
 * is wide, the result is one column narrower than `width`.
 */
export function truncateToWidth(text: string, width: number): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  if (width === 1) return ELLIPSIS;
  const budget = width - 1;
  let used = 0;
  let end = 0;
  for (const { segment } of segmenter.segment(text)) {
    const clusterWidth = stringWidth(segment);
    if (used + clusterWidth > budget) break;
    used += clusterWidth;
    end += segment.length;
  }
  return text.slice(0, end) + ELLIPSIS;
}

/** `text` cut (without an ellipsis) or padded with spaces to exactly `width` columns. */
export function fitToWidth(text: string, width: number): string {
  if (width <= 0) return "";
  let used = 0;
  let end = 0;
  if (displayWidth(text) > width) {
    for (const { segment } of segmenter.segment(text)) {
      const clusterWidth = stringWidth(segment);
      if (used + clusterWidth > width) break;
      used += clusterWidth;
      end += segment.length;
    }
    return text.slice(0, end) + " ".repeat(width - used);
  }
  return padEndToWidth(text, width);
}
