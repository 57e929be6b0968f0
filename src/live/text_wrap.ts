/**
 * Text broken into lines of at most `width` display columns, by grapheme cluster (a wide
 * character or an emoji sequence is never split), so a long command line is shown whole
 * over several lines instead of cut. Callers pass escaped text (`escapeText`).
 */
import { displayWidth } from "../render/display_width.ts";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function wrapToWidth(text: string, width: number): string[] {
  const room = Math.max(1, width);
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const { segment } of segmenter.segment(text)) {
    const cluster = displayWidth(segment);
    if (used + cluster > room && line !== "") {
      lines.push(line);
      line = "";
      used = 0;
    }
    line += segment;
    used += cluster;
  }
  if (line !== "" || lines.length === 0) lines.push(line);
  return lines;
}
