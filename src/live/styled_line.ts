/**
 * Lines of the `top` screen as segments of text, each in its own SGR style. Colour is added
 * around whole segments only after they are measured and cut, so a coloured frame and a plain
 * one have the same layout.
 */
import { displayWidth, fitToWidth } from "../render/display_width.ts";

export const SGR = {
  reset: "\x1b[0m",
  bold: "\x1b[1m",
  inverse: "\x1b[7m",
  dim: "\x1b[2m",
  green: "\x1b[32m",
  yellow: "\x1b[33m",
  red: "\x1b[31m",
  cyan: "\x1b[36m",
} as const;

export interface Segment {
  text: string;
  sgr?: string;
}
export type Line = Segment[];

/** Fits a line of segments to `width` columns: cut at the edge, padded after. */
export function fitLine(line: Line, width: number, color: boolean): string {
  let out = "";
  let used = 0;
  for (const segment of line) {
    if (used >= width) break;
    const room = width - used;
    let text = segment.text;
    if (displayWidth(text) > room) text = fitToWidth(text, room).trimEnd();
    const textWidth = displayWidth(text);
    used += textWidth;
    out += color && segment.sgr && text !== "" ? `${segment.sgr}${text}${SGR.reset}` : text;
  }
  return out + " ".repeat(Math.max(0, width - used));
}

/** A whole line in one style (title bar, table header): padded first, then styled. */
export function styledLine(text: string, width: number, sgr: string, color: boolean): string {
  const fitted = fitToWidth(text, width);
  return color ? `${sgr}${fitted}${SGR.reset}` : fitted;
}
