import assert from "node:assert/strict";
import {
  PS_COMMAND_MAX_WIDTH,
  renderProcessTable,
  sortProcessesByMemory,
} from "../../src/render/process_table.ts";
import { makeBackend, makeProcess, makeSnapshot } from "./snapshot_builder.ts";

const PLAIN = { header: true, color: false };

const MiB = 1024 ** 2;

const PROCESSES = [
  makeProcess({ pid: 30, gpuMemoryBytes: null, deviceIndex: 0 }),
  makeProcess({ pid: 20, gpuMemoryBytes: 100 * MiB, deviceIndex: 1 }),
  makeProcess({ pid: 10, gpuMemoryBytes: 100 * MiB, deviceIndex: 0 }),
  makeProcess({ pid: 20, gpuMemoryBytes: 100 * MiB, deviceIndex: 0 }),
  makeProcess({ pid: 5, gpuMemoryBytes: null, deviceIndex: 0 }),
  makeProcess({ pid: 40, gpuMemoryBytes: 900 * MiB, deviceIndex: 2 }),
  makeProcess({ pid: 1, gpuMemoryBytes: 0, deviceIndex: 0 }),
];

Deno.test("sortProcessesByMemory: memory descending, null last, then pid, then device", () => {
  const sorted = sortProcessesByMemory(PROCESSES).map((p) => [p.pid, p.deviceIndex]);
  assert.deepEqual(sorted, [[40, 2], [10, 0], [20, 0], [20, 1], [1, 0], [5, 0], [30, 0]]);
});

Deno.test("sortProcessesByMemory: does not change its input", () => {
  const before = PROCESSES.map((p) => p.pid);
  sortProcessesByMemory(PROCESSES);
  assert.deepEqual(PROCESSES.map((p) => p.pid), before);
});

Deno.test("renderProcessTable: columns, sort order and - for unknowns", () => {
  const snapshot = makeSnapshot({
    processes: [
      makeProcess({ pid: 7, name: "small", gpuMemoryBytes: 10 * MiB }),
      makeProcess({
        pid: 8,
        name: "big",
        command: "/usr/bin/big --flag",
        user: "bob",
        type: "compute",
        gpuMemoryBytes: 2048 * MiB,
        engines: { compute: 80, copy: 3 },
        rssBytes: 300 * MiB,
      }),
    ],
  });
  const lines = renderProcessTable(snapshot, { header: true, color: false }).split("\n");
  assert.match(lines[0] ?? "", /^PID\s+USER\s+GPU\s+TYPE\s+GPU MEM\s+ENGINES\s+RSS\s+COMMAND$/);
  assert.match(
    lines[1] ?? "",
    /^ *8\s+bob\s+0\s+compute\s+2\.0 GiB\s+compute 80%, copy 3%\s+300 MiB\s+\/usr\/bin\/big --flag$/,
  );
  assert.match(lines[2] ?? "", /^ *7\s+-\s+0\s+-\s+10\.0 MiB\s+-\s+-\s+small$/);
  assert.equal(lines.length, 4); // two rows, title, final empty string
});

Deno.test("renderProcessTable: header false, empty list", () => {
  const empty = makeSnapshot();
  assert.equal(renderProcessTable(empty, { header: false, color: false }), "");
  // No backend at all read processes: the hint too.
  assert.equal(
    renderProcessTable(empty, { header: true, color: false }),
    "No process is using a GPU.\nNo backend that sees processes could read. " +
      "Run 'gputop backends' to see why.\n",
  );
  const one = makeSnapshot({ processes: [makeProcess({ pid: 3, name: "x" })] });
  const out = renderProcessTable(one, { header: false, color: false });
  assert.equal(out.split("\n").length, 2);
  assert.ok(!out.includes("PID"));
});

Deno.test("renderProcessTable: no ESC without color even with a hostile command", () => {
  const snapshot = makeSnapshot({
    processes: [makeProcess({ command: "\x1b]0;x\x07\x1b[2J\x9b1m\u202Ehi\nthere", user: "\x1b" })],
  });
  const out = renderProcessTable(snapshot, { header: true, color: false });
  assert.ok(!out.includes("\x1b") && !out.includes("\x9b") && !out.includes("\u202E"), out);
  assert.equal(out.split("\n").length, 3);
});

Deno.test("renderProcessTable: no process, hint only when no process-seeing backend is ok", () => {
  const drmOk = makeSnapshot({
    backends: [
      makeBackend({ id: "drm" }),
      makeBackend({ id: "nvml", status: "unavailable", detail: "no libnvidia-ml" }),
    ],
  });
  assert.equal(renderProcessTable(drmOk, PLAIN), "No process is using a GPU.\n");
  // macmon sees no processes: it being ok does not stop the hint.
  const onlyMacmon = makeSnapshot({
    backends: [
      makeBackend({ id: "macmon" }),
      makeBackend({ id: "drm", status: "unavailable", detail: "no /sys/class/drm" }),
      makeBackend({ id: "nvml", status: "error", detail: "Insufficient Permissions" }),
    ],
  });
  assert.equal(
    renderProcessTable(onlyMacmon, PLAIN),
    "No process is using a GPU.\nNo backend that sees processes could read. " +
      "Run 'gputop backends' to see why.\nnvml failed: Insufficient Permissions\n",
  );
});

Deno.test("renderProcessTable: a failed backend is named under the rows (header only)", () => {
  const snapshot = makeSnapshot({
    processes: [makeProcess({ pid: 3, name: "x" })],
    backends: [makeBackend({ id: "nvml", status: "error", detail: "GPU is lost\nsecond line" })],
  });
  const lines = renderProcessTable(snapshot, PLAIN).split("\n");
  assert.deepEqual(lines.slice(-3), ["", "nvml failed: GPU is lost", ""]);
  const bare = renderProcessTable(snapshot, { header: false, color: false });
  assert.equal(bare.split("\n").length, 2); // one row, final empty string
});

Deno.test("renderProcessTable: a command line is cut at PS_COMMAND_MAX_WIDTH unless told", () => {
  const command = `python3 ${"x".repeat(10_000)}`;
  const snapshot = makeSnapshot({
    processes: [makeProcess({ pid: 7, command, gpuMemoryBytes: MiB })],
  });
  const commandOf = (text: string) => {
    const row = text.split("\n")[1] ?? "";
    return row.slice(row.indexOf("python3"));
  };
  const cut = commandOf(renderProcessTable(snapshot, PLAIN));
  assert.equal(cut.length, PS_COMMAND_MAX_WIDTH);
  assert.ok(cut.endsWith("…"));
  // `{}` (--wide): whole.
  assert.equal(commandOf(renderProcessTable(snapshot, { ...PLAIN, commandCut: {} })), command);
  // A terminal's width: the whole row fits.
  const narrow = renderProcessTable(snapshot, { ...PLAIN, commandCut: { lineWidth: 90 } });
  for (const line of narrow.trimEnd().split("\n")) assert.ok(line.length <= 90, line);
  assert.equal(narrow.split("\n")[1]?.length, 90);
});
