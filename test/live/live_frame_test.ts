/**
 * The `top` screen as text. The two frames below were rendered once and checked by eye
 * (bar lengths worked by hand in the comments); the other tests state properties any frame
 * must keep.
 */
import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import { renderLiveFrame } from "../../src/live/live_frame.ts";
import { sortProcesses } from "../../src/live/process_order.ts";
import { bar } from "../../src/live/usage_bar.ts";
import { processViewport } from "../../src/live/viewport.ts";
import { INITIAL_UI_STATE, type UiState } from "../../src/live/ui_state.ts";
import { FRAME_SNAPSHOT, PLAIN, trimmed } from "./live_frame_fixture.ts";
import { makeBackend, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

Deno.test("renderLiveFrame: 80×18, every device and process (checked by eye)", () => {
  const lines = renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 18 }, INITIAL_UI_STATE, PLAIN);
  // Bars are (80 − 13) ÷ 2 = 33 wide, 31 inside the brackets.
  // UTIL 50 %: round(0.5 × 31) = 16 bars; MEM 20 of 80 GiB: round(0.25 × 31) = 8 bars.
  // COMMAND gets 80 − 47 = 33 columns: 32 of the command line, then "…".
  assert.deepEqual(trimmed(lines), [
    " gputop 0.1.0 · gpu-box · 12:34:56 UTC · every 1s · sort: GPU memory · GPU: all",
    "GPU 0 NVIDIA A100-SXM4-80GB  0000:07:00.0  ENGINES decode 34%, encode 12%",
    "  UTIL [||||||||||||||||            50%]  MEM [||||||||    20.0 GiB / 80.0 GiB]",
    "  TEMP 64 °C  POWER 123.5 W / 400.0 W  FAN 30%  CLOCK gfx/mem 1095/1215 MHz",
    "GPU 1 Intel UHD Graphics 620  0000:00:02.0  ENGINES unknown",
    "  UTIL [                        unknown]  MEM [                        unknown]",
    "  TEMP unknown  POWER unknown  FAN unknown  CLOCK gfx/mem unknown",
    "",
    "    PID USER       GPU TYPE       GPU MEM GPU% COMMAND",
    "   4242 alice        0 compute    2.0 GiB  75% python3 train.py --epochs 100 --…",
    "   5151 bob          0 comp+gfx   1.0 GiB  90% 日本語のプロセス 👨‍👩‍👧 render",
    "     77 -            1 drm              -    - Xorg",
    "",
    "",
    "",
    "",
    "",
    " q quit  s sort  f filter  Enter details  K kill  h help   processes 1-3 of 3",
  ]);
});

Deno.test("renderLiveFrame: 60×10 filtered to GPU 1, sorted by pid (checked by eye)", () => {
  const state: UiState = { ...INITIAL_UI_STATE, sort: "pid", deviceFilter: 1 };
  const lines = renderLiveFrame(FRAME_SNAPSHOT, { columns: 60, rows: 10 }, state, PLAIN);
  // (60 − 13) ÷ 2 = 23-column bars; lines longer than 60 are cut at the edge.
  assert.deepEqual(trimmed(lines), [
    " gputop 0.1.0 · gpu-box · 12:34:56 UTC · every 1s · sort: pi",
    "GPU 1 Intel UHD Graphics 620  0000:00:02.0  ENGINES unknown",
    "  UTIL [              unknown]  MEM [              unknown]",
    "  TEMP unknown  POWER unknown  FAN unknown  CLOCK gfx/mem un",
    "",
    "    PID USER       GPU TYPE       GPU MEM GPU% COMMAND",
    "     77 -            1 drm              -    - Xorg",
    "",
    "",
    " q quit  s sort  f filter  Enter details  K kill  h help   p",
  ]);
});

Deno.test("renderLiveFrame: exactly rows lines of exactly columns, at any size", () => {
  for (const columns of [1, 10, 40, 79, 80, 132]) {
    for (const rows of [1, 3, 8, 24, 50]) {
      const lines = renderLiveFrame(FRAME_SNAPSHOT, { columns, rows }, INITIAL_UI_STATE, PLAIN);
      assert.equal(lines.length, rows, `${columns}×${rows}`);
      for (const line of lines) {
        assert.equal(displayWidth(line), columns, `${columns}×${rows}: ${line}`);
      }
    }
  }
});

Deno.test("renderLiveFrame: no escape without colour; with colour the same text underneath", () => {
  const size = { columns: 80, rows: 18 };
  const plain = renderLiveFrame(FRAME_SNAPSHOT, size, INITIAL_UI_STATE, PLAIN);
  const colored = renderLiveFrame(FRAME_SNAPSHOT, size, INITIAL_UI_STATE, {
    ...PLAIN,
    color: true,
  });
  assert.ok(plain.every((line) => !line.includes("\x1b")));
  assert.ok(colored.some((line) => line.includes("\x1b[32m")), "bars are coloured");
  // deno-lint-ignore no-control-regex
  assert.deepEqual(colored.map((line) => line.replace(/\x1b\[[0-9;]*m/g, "")), plain);
});

Deno.test("renderLiveFrame: hostile names are escaped, never sent raw", () => {
  const snapshot = makeSnapshot({
    processes: [makeProcess({ pid: 1, command: "evil\x1b]0;pwned\x07\x1b[2J", gpuMemoryBytes: 1 })],
  });
  const lines = renderLiveFrame(snapshot, { columns: 80, rows: 10 }, INITIAL_UI_STATE, PLAIN);
  assert.ok(lines.every((line) => !line.includes("\x1b") && !line.includes("\x07")));
  assert.ok(lines.some((line) => line.includes("evil\\e]0;pwned\\a\\e[2J")));
});

Deno.test("renderLiveFrame: before the first reading, and with no GPU", () => {
  const waiting = renderLiveFrame(null, { columns: 40, rows: 4 }, INITIAL_UI_STATE, {
    ...PLAIN,
    pending: true,
  });
  assert.equal(waiting[1]?.trimEnd(), " Taking the first reading…");
  const none = renderLiveFrame(makeSnapshot(), { columns: 60, rows: 6 }, INITIAL_UI_STATE, PLAIN);
  assert.equal(none[1]?.trimEnd(), " No GPUs found.");
});

Deno.test("renderLiveFrame: scrolling shows a window of the process rows", () => {
  const processes = Array.from(
    { length: 30 },
    (_, i) => makeProcess({ pid: 100 + i, gpuMemoryBytes: 1000 - i }),
  );
  const snapshot = makeSnapshot({ processes });
  const size = { columns: 80, rows: 10 };
  // no devices: title, "No GPUs found.", blank, table header and key line leave 10 − 5 = 5
  const { pageRows, totalRows } = processViewport(snapshot, size, INITIAL_UI_STATE);
  assert.deepEqual({ pageRows, totalRows }, { pageRows: 5, totalRows: 30 });
  const lines = renderLiveFrame(snapshot, size, { ...INITIAL_UI_STATE, scroll: 5 }, PLAIN);
  assert.match(lines.at(-1) ?? "", /processes 6-10 of 30/);
});

Deno.test("sortProcesses: memory, then busiest engine, then pid; unknown last", () => {
  const a = makeProcess({ pid: 3, gpuMemoryBytes: 10, engines: { sm: 5 } });
  const b = makeProcess({ pid: 1, gpuMemoryBytes: null, engines: { sm: 90 } });
  const c = makeProcess({ pid: 2, gpuMemoryBytes: 20, engines: null });
  assert.deepEqual(sortProcesses([a, b, c], "memory").map((p) => p.pid), [2, 3, 1]);
  assert.deepEqual(sortProcesses([a, b, c], "utilization").map((p) => p.pid), [1, 3, 2]);
  assert.deepEqual(sortProcesses([a, b, c], "pid").map((p) => p.pid), [1, 2, 3]);
});

Deno.test("bar: filled share of the inside, label on the right, unknown draws no bar", () => {
  const text = (segments: { text: string }[]) => segments.map((s) => s.text).join("");
  assert.equal(text(bar(0.5, "50%", 12)), "[|||||  50%]"); // 10 inside: 5 bars, 2 blank, 3 label
  assert.equal(text(bar(1, "100%", 8)), "[||100%]"); // the label covers the bar's end
  assert.equal(text(bar(null, "unknown", 12)), "[   unknown]");
  assert.equal(text(bar(0, "0%", 6)), "[  0%]");
});

Deno.test("renderLiveFrame: a backend in error is named on the title line", () => {
  const snapshot = makeSnapshot({
    backends: [
      makeBackend({ id: "nvml", status: "error", detail: "timed out after 1000 ms" }),
      makeBackend({ id: "macmon", status: "unavailable", detail: "not macOS" }),
    ],
  });
  const [title] = renderLiveFrame(snapshot, { columns: 120, rows: 5 }, INITIAL_UI_STATE, PLAIN);
  assert.match(title ?? "", /· nvml: timed out after 1000 ms/);
  assert.doesNotMatch(title ?? "", /macmon/, "unavailable is normal, not news");
});

Deno.test("renderLiveFrame: -i shown on the title; an -i that matched nothing says so", () => {
  const size = { columns: 110, rows: 8 };
  const empty = makeSnapshot({ devices: [], processes: [] });
  const idFilter = { ids: ["99", "GPU-x"], devicesFound: 2 };
  const lines = trimmed(renderLiveFrame(empty, size, INITIAL_UI_STATE, { ...PLAIN, idFilter }));
  assert.match(lines[0] ?? "", / · GPU: -i 99,GPU-x$/);
  assert.equal(lines[1], " -i 99,GPU-x matched none of the 2 GPUs found.");
  const one = renderLiveFrame(empty, size, INITIAL_UI_STATE, {
    ...PLAIN,
    idFilter: { ids: ["7"], devicesFound: 1 },
  });
  assert.equal(one[1]?.trimEnd(), " -i 7 matched none of the 1 GPU found.");
  // Nothing found before the filter either: the usual message, -i still on the title.
  const none = trimmed(renderLiveFrame(empty, size, INITIAL_UI_STATE, {
    ...PLAIN,
    idFilter: { ids: ["0"], devicesFound: 0 },
  }));
  assert.match(none[0] ?? "", /GPU: -i 0$/);
  assert.equal(none[1], " No GPUs found.");
  // With the f filter on one device too: both on the title.
  const state: UiState = { ...INITIAL_UI_STATE, deviceFilter: 1 };
  const both = renderLiveFrame(FRAME_SNAPSHOT, size, state, {
    ...PLAIN,
    idFilter: { ids: ["0", "1"], devicesFound: 3 },
  });
  assert.match(both[0] ?? "", /GPU: 1 \(-i 0,1\)/);
});
