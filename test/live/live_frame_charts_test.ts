/**
 * The history charts in the `top` frame, drawn without a terminal: heights worked by hand
 * from a known series, the layouts `g` steps through, the ASCII fallback and small terminals.
 */
import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import type { LiveFrameOptions } from "../../src/live/frame_options.ts";
import { History } from "../../src/live/history.ts";
import { renderLiveFrame } from "../../src/live/live_frame.ts";
import { INITIAL_UI_STATE, type UiState } from "../../src/live/ui_state.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { FRAME_SNAPSHOT } from "./live_frame_fixture.ts";

/** GPU 0's utilization goes 0, 25, 50, 75, 100; everything else stays as in the fixture. */
function historyOf(series: readonly number[]): History {
  const history = new History(120);
  for (const utilizationPercent of series) {
    history.push({
      ...FRAME_SNAPSHOT,
      devices: FRAME_SNAPSHOT.devices.map((d) => d.index === 0 ? { ...d, utilizationPercent } : d),
    });
  }
  return history;
}

function frame(
  size: { columns: number; rows: number },
  state: Partial<UiState> = {},
  options: Partial<LiveFrameOptions> = {},
  snapshot: Snapshot = FRAME_SNAPSHOT,
): string[] {
  return renderLiveFrame(snapshot, size, { ...INITIAL_UI_STATE, ...state }, {
    color: false,
    intervalMs: 1000,
    version: "0.1.0",
    pending: false,
    error: null,
    history: historyOf([0, 25, 50, 75, 100]),
    unicode: true,
    ...options,
  });
}

/** The chart under the label line starting with `title`: its rows, cut to `columns`. */
function chartUnder(lines: string[], title: string, from: number, columns: number): string[] {
  const at = lines.findIndex((line) => line.slice(from).startsWith(title));
  assert.ok(at >= 0, `no chart titled ${title}`);
  const rows: string[] = [];
  for (
    let i = at + 1;
    i < lines.length && !/[A-Z]/.test(lines[i]!.slice(from, from + columns));
    i++
  ) {
    rows.push(lines[i]!.slice(from, from + columns));
  }
  return rows;
}

Deno.test("charts: 120×40 with two GPUs, per device, heights match the series", () => {
  const lines = frame({ columns: 120, rows: 40 });
  // Two charts a row, (120 − 1) ÷ 2 = 59 columns each, one sample a column, so "59 s".
  assert.match(lines[7]!, /^GPU 0 UTIL 0–100 % +59 s GPU 0 MEM 0–80\.0 GiB +59 s $/);
  // 40 rows − 10 fixed − 6 kept for processes = 24 for 4 grid rows: 6 each, 5 rows of cells.
  // 5 rows = 40 eighths: 0 → 0, 25 → 10 (█ ▂), 50 → 20 (██ ▄), 75 → 30 (███ ▆), 100 → 40.
  const util = chartUnder(lines, "GPU 0 UTIL", 0, 59);
  assert.deepEqual(util.map((row) => row.slice(54)), [
    "    █",
    "   ▆█",
    "  ▄██",
    " ▂███",
    " ████",
  ]);
  assert.equal(util.length, 5);
  // The Intel GPU knows nothing: its charts say so and draw no 0.
  assert.match(lines.find((l) => l.startsWith("GPU 1 UTIL"))!, /GPU 1 UTIL unknown/);
  // Devices and every process still shown.
  assert.ok(lines.some((l) => l.includes("python3 train.py")));
  assert.ok(lines.some((l) => l.trimEnd().endsWith("Xorg")));
  for (const line of lines) assert.equal(displayWidth(line), 120);
  assert.equal(lines.length, 40);
});

Deno.test("charts: g's layouts: one metric for all devices, then off", () => {
  const byMetric = frame({ columns: 120, rows: 40 }, { charts: "metric" });
  const titles = byMetric.slice(7).filter((l) => /^GPU \d /.test(l)).map((l) => l.slice(0, 10));
  assert.deepEqual(titles, ["GPU 0 UTIL", "GPU 0 MEM ", "GPU 0 POWE", "GPU 0 TEMP"]);
  assert.match(byMetric[7]!, /GPU 0 UTIL .* GPU 1 UTIL unknown/);
  const off = frame({ columns: 120, rows: 40 }, { charts: "off" });
  assert.ok(!off.some((l) => /UTIL 0–100/.test(l)));
  const withoutHistory = renderLiveFrame(
    FRAME_SNAPSHOT,
    { columns: 120, rows: 40 },
    INITIAL_UI_STATE,
    {
      color: false,
      intervalMs: 1000,
      version: "0.1.0",
      pending: false,
      error: null,
    },
  );
  assert.deepEqual(off, withoutHistory);
});

Deno.test("charts: ASCII cells when the locale is not UTF-8", () => {
  const lines = frame({ columns: 120, rows: 40 }, {}, { unicode: false });
  const util = chartUnder(lines, "GPU 0 UTIL 0-100 %", 0, 59);
  // Same eighths as above: 10 → # then _, 20 → ## then ., 30 → ### then -.
  assert.deepEqual(util.map((row) => row.slice(54)), ["    #", "   -#", "  .##", " _###", " ####"]);
  const chartText = lines.slice(7, 31).join("");
  assert.ok(/^[\x20-\x7e]*$/.test(chartText), "chart lines are plain ASCII");
});

Deno.test("charts: 80×24 gives way to utilization alone; devices and processes stay", () => {
  const lines = frame({ columns: 80, rows: 24 });
  assert.ok(lines.some((l) => l.startsWith("GPU 0 UTIL 0–100 %")));
  assert.ok(!lines.some((l) => l.includes("MEM 0–")));
  assert.ok(lines.some((l) => l.startsWith("GPU 1 Intel UHD")));
  assert.ok(lines.some((l) => l.includes("python3 train.py")));
  assert.ok(lines.some((l) => l.trimEnd().endsWith("Xorg")));
});

Deno.test("charts: 60×15 draws none, and every line is exactly 60 wide", () => {
  const lines = frame({ columns: 60, rows: 15 });
  assert.equal(lines.length, 15);
  for (const line of lines) assert.equal(displayWidth(line), 60);
  assert.ok(!lines.some((l) => /[▁-█]/.test(l)));
  assert.ok(lines.some((l) => l.includes("python3")));
});
