/**
 * The `top` frame with a process chosen, its detail panel open, K's question and a message
 * on the status bar, and MIG labels in the GPU column. Expected lines worked by hand from
 * the fixture (live_frame_fixture.ts), not copied from output.
 */
import assert from "node:assert/strict";
import { renderLiveFrame } from "../../src/live/live_frame.ts";
import { processKey, rowKey } from "../../src/live/selection.ts";
import { INITIAL_UI_STATE, type UiState } from "../../src/live/ui_state.ts";
import { displayWidth } from "../../src/render/display_width.ts";
import { makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";
import { FRAME_SNAPSHOT, PLAIN, trimmed } from "./live_frame_fixture.ts";

const [TRAIN, RENDER] = FRAME_SNAPSHOT.processes as [
  (typeof FRAME_SNAPSHOT.processes)[0],
  (typeof FRAME_SNAPSHOT.processes)[0],
];
const choose = (process: typeof TRAIN, index: number): UiState => ({
  ...INITIAL_UI_STATE,
  selection: { key: rowKey(process), index },
});

Deno.test("frame: the chosen row is marked, and stays with its process as the order changes", () => {
  const state = choose(RENDER, 1);
  // By memory: 4242 (2 GiB), 5151 (1 GiB), 77 — 5151 is the second row.
  const byMemory = trimmed(
    renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 18 }, state, PLAIN),
  );
  assert.deepEqual(byMemory.filter((line) => line.startsWith(">")), [
    ">  5151 bob          0 comp+gfx   1.0 GiB  90% 日本語のプロセス 👨‍👩‍👧 render",
  ]);
  // By pid: 77, 4242, 5151 — the mark moves to the third row with its process.
  const byPid = trimmed(
    renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 18 }, { ...state, sort: "pid" }, PLAIN),
  );
  const table = byPid.slice(byPid.findIndex((l) => l.includes("PID USER")) + 1, -1);
  assert.deepEqual(table.slice(0, 3).map((line) => line.slice(0, 7)), [
    "     77",
    "   4242",
    ">  5151",
  ]);
});

Deno.test("frame: with colour the chosen row is in inverse video", () => {
  const lines = renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 18 }, choose(TRAIN, 0), {
    ...PLAIN,
    color: true,
  });
  assert.ok(lines.some((line) => line.startsWith("\x1b[7m>  4242 alice")));
});

Deno.test("frame: the detail panel at 60×15 shows the whole command line, wrapped", () => {
  const state = { ...choose(TRAIN, 0), detail: processKey(TRAIN) };
  const lines = trimmed(renderLiveFrame(FRAME_SNAPSHOT, { columns: 60, rows: 15 }, state, PLAIN));
  // The command (72 characters) in lines of 60 − 3 = 57 after a 3-space indent.
  assert.deepEqual(lines.slice(1, 9), [
    " PID 4242  python3                    Esc, Enter or q closes",
    " user alice   RSS unknown   CPU unknown   state unknown",
    " start unknown",
    " GPU 0   memory 2.0 GiB   engines sm 75%, memory 40%",
    " compute",
    " command",
    "   python3 train.py --epochs 100 --batch-size 256 --data /da",
    "   tasets/imagenet",
  ]);
  assert.equal(lines.length, 15);
});

Deno.test("frame: the panel of a process gone from the reading says so", () => {
  const state = { ...INITIAL_UI_STATE, detail: "31337@" };
  const lines = trimmed(renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 10 }, state, PLAIN));
  assert.match(lines[1]!, /^ PID 31337 /);
  assert.match(lines[2]!, /no longer in the reading/);
  const remote = { ...INITIAL_UI_STATE, detail: "gpu-07:9757 31337@" };
  const remoteLines = renderLiveFrame(FRAME_SNAPSHOT, { columns: 80, rows: 10 }, remote, PLAIN);
  assert.match(remoteLines[1]!, /^ PID 31337 /);
});

Deno.test("frame: the panel's memory chart, from the process's own history", () => {
  const state = { ...INITIAL_UI_STATE, detail: processKey(TRAIN) };
  const GiB = 1024 ** 3;
  const processHistory = { memoryOf: () => [1 * GiB, 2 * GiB, null, 2 * GiB] };
  const lines = trimmed(
    renderLiveFrame(FRAME_SNAPSHOT, { columns: 40, rows: 24 }, state, { ...PLAIN, processHistory }),
  );
  const label = lines.findIndex((line) => line.startsWith(" GPU MEM 0–2.0 GiB"));
  assert.ok(label > 0, lines.join("\n"));
  // 24 rows − title − bottom line = 22; the text above the chart takes the rest but 8 + 1.
  const chart = lines.slice(label + 1, -1).filter((line) => line !== "");
  // 2 GiB full height, 1 GiB half, unknown blank (never 0); the newest at the right edge.
  assert.equal(chart.at(-1), " ".repeat(35) + "██ █");
  assert.equal(chart.at(-1)!.length, 39);
  assert.ok(chart[0]!.endsWith("  █ █"), chart.join("\n"));
});

Deno.test("frame: K's question and a message take the bottom line", () => {
  const prompt = {
    pid: 4242,
    name: "python3",
    processKey: processKey(TRAIN),
    startTime: null,
    signal: "SIGTERM" as const,
  };
  const asking = renderLiveFrame(FRAME_SNAPSHOT, { columns: 60, rows: 15 }, {
    ...INITIAL_UI_STATE,
    prompt,
  }, PLAIN);
  assert.equal(asking.at(-1)!.trimEnd(), " send SIGTERM to 4242 python3? y/N");
  const narrow = renderLiveFrame(FRAME_SNAPSHOT, { columns: 30, rows: 8 }, {
    ...INITIAL_UI_STATE,
    prompt,
  }, PLAIN);
  assert.equal(narrow.at(-1), " send SIGTERM to 4242 py…? y/N", "the name gives way to y/N");
  const told = renderLiveFrame(FRAME_SNAPSHOT, { columns: 60, rows: 15 }, {
    ...INITIAL_UI_STATE,
    message: "read-only: K sends no signals (--read-only)",
  }, PLAIN);
  assert.equal(told.at(-1)!.trimEnd(), " read-only: K sends no signals (--read-only)");
});

Deno.test("frame: panel, question or selection, exactly rows × columns at any size", () => {
  const prompt = {
    pid: 5151,
    name: "日本語",
    processKey: processKey(RENDER),
    startTime: null,
    signal: "SIGKILL" as const,
  };
  const states: UiState[] = [
    choose(RENDER, 1),
    { ...choose(RENDER, 1), detail: processKey(RENDER) },
    { ...choose(TRAIN, 0), detail: processKey(TRAIN), prompt },
  ];
  for (const state of states) {
    for (const columns of [1, 10, 40, 60, 80, 132]) {
      for (const rows of [1, 3, 8, 15, 24]) {
        const lines = renderLiveFrame(FRAME_SNAPSHOT, { columns, rows }, state, PLAIN);
        assert.equal(lines.length, rows, `${columns}×${rows}`);
        for (const line of lines) assert.equal(displayWidth(line), columns, `${columns}×${rows}`);
      }
    }
  }
});

Deno.test("frame: a process on a MIG device shows the device's 0:1 label, as ps does", () => {
  const mig = "MIG-1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d";
  const snapshot = makeSnapshot({
    devices: [
      makeDevice({ index: 0, id: "0000:07:00.0", name: "NVIDIA A100" }),
      makeDevice({
        index: 1,
        id: mig,
        name: "MIG 1g.10gb",
        parentId: "0000:07:00.0",
        partition: {
          kind: "mig",
          migIndex: 2,
          gpuInstanceId: 9,
          computeInstanceId: 0,
          profile: "1g.10gb",
        },
      }),
    ],
    processes: [makeProcess({ pid: 900, deviceIndex: 1, deviceId: mig, command: "worker" })],
  });
  const lines = trimmed(
    renderLiveFrame(snapshot, { columns: 80, rows: 20 }, INITIAL_UI_STATE, PLAIN),
  );
  const row = lines.find((line) => line.startsWith("    900"));
  // Parent index 0, MIG index 2: `0:2`, where the integer index 1 used to be.
  assert.match(row ?? "", /^ {4}900 -\s+0:2 /, lines.join("\n"));
});
