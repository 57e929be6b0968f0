/** The detail panel's lines, worked out by hand from the processes below. */
import assert from "node:assert/strict";
import { type DetailInput, detailPanel } from "../../src/live/detail_panel.ts";
import { processKey } from "../../src/live/selection.ts";
import { makeDevice, makeProcess } from "../render/snapshot_builder.ts";

const MIG = "MIG-1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d";
const devices = [
  makeDevice({ index: 0, id: "0000:07:00.0" }),
  makeDevice({
    index: 1,
    id: MIG,
    parentId: "0000:07:00.0",
    partition: { kind: "mig", migIndex: 3, gpuInstanceId: 1, computeInstanceId: 0, profile: null },
  }),
];
const base = {
  pid: 3002,
  name: "trainer",
  user: "alice",
  command: "python3 -m torch.distributed.run --nproc 8 train.py",
  rssBytes: 3 * 1024 ** 3,
  cpuPercent: 150,
  container: { runtime: "containerd" as const, id: "3f2a9c1e7b4d" + "0".repeat(52) },
  pod: { namespace: "ml", name: "trainer-0", uid: "abcd", qos: null },
  containerPid: 7,
};
const rows = [
  makeProcess({
    ...base,
    deviceIndex: 0,
    deviceId: "0000:07:00.0",
    gpuMemoryBytes: 1024 ** 3,
    engines: { sm: 80 },
    type: "compute",
  }),
  makeProcess({ ...base, deviceIndex: 1, deviceId: MIG, gpuMemoryBytes: null, engines: null }),
];

function panel(overrides: Partial<DetailInput> = {}): string[] {
  const input: DetailInput = {
    processKey: processKey(rows[0]!),
    processes: rows,
    devices,
    width: 80,
    rows: 20,
    nowMs: 0,
    unicode: true,
    intervalMs: 1000,
    ...overrides,
  };
  return detailPanel(input).map((line) => line.map((s) => s.text).join("").trimEnd());
}

Deno.test("detailPanel: who and where, each device by its label, the command whole", () => {
  assert.deepEqual(panel(), [
    " PID 3002  trainer" + " ".repeat(40) + "Esc, Enter or q closes",
    " user alice   container containerd:3f2a9c1e7b4d   pod ml/trainer-0",
    " pid in container 7   RSS 3.0 GiB   CPU 150%   state unknown   start unknown",
    " GPU 0   memory 1.0 GiB   engines sm 80%   compute",
    " GPU 0:3   memory unknown   engines unknown",
    " command",
    "   python3 -m torch.distributed.run --nproc 8 train.py",
  ]);
});

Deno.test("detailPanel: too few rows for the whole command: its last line shown ends in …", () => {
  const command = "python3 -m torch.distributed.run --nproc 8 train.py --data /datasets/imagenet " +
    "--epochs 100 --batch-size 256 --lr 0.1 --seed 7 --output /scratch/run-42";
  const long = rows.map((row) => ({ ...row, command }));
  // At 60 columns: 1 header, 3 info lines, 2 device lines; the command in lines of 57.
  const whole = panel({ processes: long, width: 60, rows: 10 });
  assert.deepEqual(whole.slice(6), [
    " command",
    `   ${command.slice(0, 57)}`,
    `   ${command.slice(57, 114)}`,
    `   ${command.slice(114)}`,
  ]);
  const cut = panel({ processes: long, width: 60, rows: 9 });
  assert.deepEqual(cut.slice(6), [
    " command",
    `   ${command.slice(0, 57)}`,
    `   ${command.slice(57, 113)}…`,
  ]);
  const one = panel({ processes: long, width: 60, rows: 7 });
  assert.deepEqual(one.slice(6), [`   ${command.slice(0, 56)}…`], "one row: the command, no label");
});
