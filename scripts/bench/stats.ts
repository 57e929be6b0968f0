/** Medians, ranges and the Markdown cells the bench prints. */

export interface Summary {
  median: number;
  min: number;
  max: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length === 0
    ? NaN
    : sorted.length % 2 === 1
    ? sorted[middle] ?? NaN
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  return { median, min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
}

/** "12.3 (11.9–13.0)" with `digits` decimals. */
export function cell(summary: Summary, digits: number, unit = ""): string {
  const f = (value: number) => value.toFixed(digits);
  return `${f(summary.median)}${unit} (${f(summary.min)}–${f(summary.max)})`;
}

/** Ratio of two medians, "3.41×". */
export function ratio(a: Summary, b: Summary): string {
  return `${(a.median / b.median).toFixed(2)}×`;
}
