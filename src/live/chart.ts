/**
 * One history chart as text: a label line (metric, y range, time span) over `height` rows of
 * cells, one column per sample, the newest at the right, so a chart fills from the first
 * seconds. Each cell is an eighth-step block (`▁▂▃▄▅▆▇█`), or `_.-=#` where the terminal's
 * locale is not UTF-8. Unknown samples are left blank, never drawn as 0.
 */
import { displayWidth, fitToWidth, truncateToWidth } from "../render/display_width.ts";

/** Cells by how many eighths of a row they fill, 0 … 8. */
export const UNICODE_CELLS: readonly string[] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];
export const ASCII_CELLS: readonly string[] = [" ", "_", "_", ".", ".", "-", "-", "=", "#"];

export interface ChartSpec {
  values: readonly (number | null)[];
  /** The y range drawn: `min` at the bottom edge, `max` at the top. */
  min: number;
  max: number;
}

/** How many eighths of the chart's height a value fills (a non-zero value shows at least one). */
export function eighthsOf(value: number, spec: ChartSpec, height: number): number {
  const span = spec.max - spec.min;
  const ratio = span <= 0 ? 0 : Math.min(1, Math.max(0, (value - spec.min) / span));
  const eighths = Math.round(ratio * height * 8);
  return eighths === 0 && value > spec.min ? 1 : eighths;
}

/** The chart's rows, top first, each exactly `width` cells. */
export function chartRows(
  spec: ChartSpec,
  width: number,
  height: number,
  cells: readonly string[],
): string[] {
  const shown = spec.values.slice(-width);
  const pad = width - shown.length;
  const rows: string[] = [];
  for (let row = height - 1; row >= 0; row--) {
    let text = " ".repeat(Math.max(0, pad));
    for (const value of shown) {
      const filled = value === null ? 0 : eighthsOf(value, spec, height) - row * 8;
      text += cells[Math.min(8, Math.max(0, filled))];
    }
    rows.push(text);
  }
  return rows;
}

/** `60 s` under two minutes, `5 min` under two hours, then `3 h`. */
export function spanText(samples: number, intervalMs: number): string {
  const seconds = Math.round((samples * intervalMs) / 1000);
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** `title` at the left, `span` at the right, exactly `width` wide; the span goes first when tight. */
export function chartLabel(title: string, span: string, width: number): string {
  if (displayWidth(title) + 1 + displayWidth(span) > width) return fitToWidth(title, width);
  const left = truncateToWidth(title, width);
  return left + " ".repeat(width - displayWidth(left) - displayWidth(span)) + span;
}
