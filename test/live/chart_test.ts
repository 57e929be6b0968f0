import assert from "node:assert/strict";
import {
  ASCII_CELLS,
  chartLabel,
  chartRows,
  spanText,
  UNICODE_CELLS,
} from "../../src/live/chart.ts";

Deno.test("chartRows: a known series, two rows tall, worked by hand", () => {
  // 0..100 over 2 rows = 16 eighths: 0 → 0, 25 → 4, 50 → 8, 75 → 12, 100 → 16, null blank.
  const rows = chartRows(
    { values: [0, 25, 50, 75, 100, null], min: 0, max: 100 },
    8,
    2,
    UNICODE_CELLS,
  );
  // Two padding columns first (6 samples in 8 columns), then the bottom row fills at 25.
  assert.deepEqual(rows, [
    "     ▄█ ",
    "   ▄███ ",
  ]);
});

Deno.test("chartRows: ASCII cells and a tiny value still shows", () => {
  const rows = chartRows({ values: [1, 50, 100], min: 0, max: 100 }, 3, 1, ASCII_CELLS);
  // One row = 8 eighths: 1 → rounds to 0 but shows as 1 (`_`), 50 → 4 (`.`), 100 → 8 (`#`).
  assert.deepEqual(rows, ["_.#"]);
});

Deno.test("chartRows: only the newest `width` samples, newest at the right", () => {
  const rows = chartRows({ values: [100, 0, 100], min: 0, max: 100 }, 2, 1, UNICODE_CELLS);
  assert.deepEqual(rows, [" █"]);
});

Deno.test("spanText and chartLabel", () => {
  assert.equal(spanText(60, 1000), "60 s");
  assert.equal(spanText(120, 2000), "4 min");
  assert.equal(spanText(1000, 30_000), "8 h");
  assert.equal(chartLabel("UTIL", "60 s", 12), "UTIL    60 s");
  assert.equal(chartLabel("A LONG TITLE", "60 s", 8), "A LONG T");
});
