import assert from "node:assert/strict";
import { displayWidth } from "../../src/render/display_width.ts";
import {
  BACKENDS_HINT,
  NO_GPUS_MESSAGE,
  renderSnapshotTable,
  summarizeSources,
} from "../../src/render/snapshot_table.ts";
import {
  makeBackend,
  makeDevice,
  makeProcess,
  makeSnapshot,
  sampleSnapshot,
} from "./snapshot_builder.ts";

const PLAIN = { header: true, color: false };

const HOSTILE = "\x1b[31mevil\x1b]0;pwned\x07\x9b2J\u202Eexe.txt\n";

Deno.test("renderSnapshotTable: devices, a blank line, then processes", () => {
  const out = renderSnapshotTable(sampleSnapshot(), PLAIN);
  const [devices = "", processes = ""] = out.split("\n\n");
  const deviceLines = devices.split("\n");
  assert.match(deviceLines[0] ?? "", /^GPU\s+NAME\s+VENDOR\s+DRIVER\s+UTIL\s+MEMORY\s+TEMP/);
  assert.match(deviceLines[1] ?? "", /NVIDIA GeForce RTX 4090/);
  assert.match(deviceLines[1] ?? "", /nvidia 550\.54\.14/);
  assert.match(deviceLines[1] ?? "", /37%/);
  assert.match(deviceLines[1] ?? "", /3\.2 GiB \/ 24\.0 GiB/);
  assert.match(deviceLines[1] ?? "", /45 °C/);
  assert.match(deviceLines[1] ?? "", /123\.4 \/ 450\.0 W/);
  assert.match(deviceLines[1] ?? "", /1980\/10501 MHz/);
  assert.match(deviceLines[1] ?? "", /nvml\+drm$/);
  assert.match(deviceLines[2] ?? "", /Intel Arc A770\s+intel\s+xe\s+-/);
  assert.equal(deviceLines[3], "GPU 1: power: permission denied");
  const processLines = processes.split("\n");
  assert.match(processLines[0] ?? "", /^\s*PID\s+USER\s+GPU\s+TYPE\s+GPU MEM\s+ENGINES\s+COMMAND$/);
  assert.match(processLines[1] ?? "", /4242\s+alice\s+0\s+compute\s+2\.0 GiB\s+-\s+python3 train/);
  assert.match(processLines[2] ?? "", /777\s+root\s+1\s+drm\s+-\s+render 12%\s+Xorg$/);
  assert.ok(out.endsWith("\n"));
});

Deno.test("renderSnapshotTable: device rows line up with a CJK and an emoji name", () => {
  const snapshot = makeSnapshot({
    devices: [
      makeDevice({ index: 0, name: "显卡一号", utilizationPercent: 5 }),
      makeDevice({ index: 1, name: "🔥 GPU", utilizationPercent: 100 }),
      makeDevice({ index: 2, name: "plain", utilizationPercent: 50 }),
    ],
  });
  const lines = renderSnapshotTable(snapshot, PLAIN).split("\n\n")[0]?.split("\n") ?? [];
  const utilColumn = lines.map((line) => {
    const match = /\d+%|UTIL/.exec(line);
    assert.ok(match, line);
    return displayWidth(line.slice(0, match.index + match[0].length));
  });
  assert.equal(new Set(utilColumn).size, 1, lines.join("\n"));
});

Deno.test("renderSnapshotTable: no devices says so and hints at backends when one failed", () => {
  const failed = makeSnapshot({
    backends: [makeBackend({ id: "nvml", status: "unavailable", detail: "no libnvidia-ml" })],
  });
  assert.equal(renderSnapshotTable(failed, PLAIN), `${NO_GPUS_MESSAGE}\n${BACKENDS_HINT}\n`);
  assert.equal(NO_GPUS_MESSAGE, "No GPUs found.");
  assert.equal(BACKENDS_HINT, "Run 'gputop backends' to see why.");
  const allOk = makeSnapshot({ backends: [makeBackend()] });
  assert.equal(renderSnapshotTable(allOk, PLAIN), "No GPUs found.\n");
});

Deno.test("renderSnapshotTable: a failed backend gets a footer line; an unavailable one none", () => {
  const snapshot = makeSnapshot({
    devices: [makeDevice()],
    backends: [
      makeBackend({
        id: "nvml",
        status: "error",
        detail: "NVML initialisation failed: Insufficient Permissions",
      }),
      makeBackend({ id: "amdsmi", status: "unavailable", detail: "no AMD SMI library" }),
      makeBackend({ id: "level-zero", status: "error", detail: `\x1b[2J${"x".repeat(300)}\nmore` }),
      makeBackend({ id: "drm" }),
    ],
  });
  const out = renderSnapshotTable(snapshot, PLAIN);
  const tail = out.split("\n").slice(-4);
  assert.equal(tail[0], "");
  assert.equal(tail[1], "nvml failed: NVML initialisation failed: Insufficient Permissions");
  // escaped (ESC → `\e`), the first line only, cut to 160 characters: `\e[2J` (5) + 154 x + `…`
  assert.equal(tail[2], `level-zero failed: \\e[2J${"x".repeat(154)}…`);
  assert.equal(tail[3], "");
  assert.ok(!out.includes("amdsmi"), out);
  assert.ok(!out.includes("more"), out);
  // No failure, no footer: the output ends with the processes section.
  const fine = makeSnapshot({ devices: [makeDevice()], backends: [makeBackend()] });
  assert.ok(renderSnapshotTable(fine, PLAIN).endsWith("No GPU processes found.\n"));
});

Deno.test("renderSnapshotTable: no devices lists a failed backend before the hint", () => {
  const failed = makeSnapshot({
    backends: [makeBackend({ id: "nvml", status: "error", detail: "timed out after 15000 ms" })],
  });
  assert.equal(
    renderSnapshotTable(failed, PLAIN),
    `${NO_GPUS_MESSAGE}\nnvml failed: timed out after 15000 ms\n${BACKENDS_HINT}\n`,
  );
});

Deno.test("renderSnapshotTable: devices without processes", () => {
  const out = renderSnapshotTable(makeSnapshot({ devices: [makeDevice()] }), PLAIN);
  assert.ok(out.endsWith("\n\nNo GPU processes found.\n"), out);
});

Deno.test("renderSnapshotTable: header false drops both title rows", () => {
  const out = renderSnapshotTable(sampleSnapshot(), { header: false, color: false });
  assert.ok(!/\bPID\b|\bNAME\b/.test(out), out);
  assert.match(out.split("\n")[0] ?? "", /^0\s+NVIDIA/);
});

Deno.test("renderSnapshotTable: a device-wide memory figure is marked and explained", () => {
  const snapshot = makeSnapshot({
    devices: [makeDevice()],
    processes: [makeProcess({ gpuMemoryBytes: 1024 ** 3, perProcess: false })],
  });
  const out = renderSnapshotTable(snapshot, PLAIN);
  assert.match(out, /1\.0 GiB\*/);
  assert.match(out, /\* device-wide memory figure/);
});

Deno.test("renderSnapshotTable: no ESC anywhere without color, even with hostile text", () => {
  const snapshot = makeSnapshot({
    backends: [makeBackend({ detail: HOSTILE })],
    devices: [
      makeDevice({
        name: HOSTILE,
        driver: HOSTILE,
        driverVersion: HOSTILE,
        error: HOSTILE,
        sources: { name: "nvml" },
      }),
    ],
    processes: [makeProcess({ name: HOSTILE, command: HOSTILE, user: HOSTILE })],
  });
  const out = renderSnapshotTable(snapshot, PLAIN);
  assert.ok(!out.includes("\x1b"), out);
  assert.ok(!out.includes("\x9b"));
  assert.ok(!out.includes("\x07"));
  assert.ok(!out.includes("\u202E"));
  // each device/process takes exactly one line: the newline in the name did not leak
  const [devices = "", processes = ""] = out.split("\n\n");
  assert.equal(devices.split("\n").length, 3); // title, row, error line
  assert.equal(processes.trimEnd().split("\n").length, 2);
  // and no stray C0/C1 control at all, apart from the line ends
  for (const char of out.replaceAll("\n", "")) {
    const code = char.codePointAt(0) ?? 0;
    assert.ok(code >= 0x20 && !(code >= 0x7f && code <= 0x9f), `U+${code.toString(16)}`);
  }
});

Deno.test("renderSnapshotTable: color only adds SGR around titles and errors", () => {
  const colored = renderSnapshotTable(sampleSnapshot(), { header: true, color: true });
  assert.ok(colored.includes("\x1b[1m"));
  // stripping the SGR sequences gives back the plain rendering
  const stripped = ["\x1b[1m", "\x1b[33m", "\x1b[0m"].reduce(
    (text, sgr) => text.replaceAll(sgr, ""),
    colored,
  );
  assert.equal(stripped, renderSnapshotTable(sampleSnapshot(), PLAIN));
});

Deno.test("summarizeSources: registry order, distinct", () => {
  assert.equal(summarizeSources({ a: "drm", b: "nvml", c: "drm" }), "nvml+drm");
  assert.equal(summarizeSources({}), "-");
});

Deno.test("renderSnapshotTable: command lines cut at 60 columns, to a line width, or whole", () => {
  const command = `python3 ${"x".repeat(500)}`;
  const snapshot = makeSnapshot({
    devices: [makeDevice()],
    processes: [makeProcess({ pid: 7, command, gpuMemoryBytes: 1 })],
  });
  const rowOf = (text: string) => text.split("\n").find((line) => /^\s*7\s/.test(line)) ?? "";
  const commandOf = (text: string) => rowOf(text).slice(rowOf(text).indexOf("python3"));
  assert.equal(displayWidth(commandOf(renderSnapshotTable(snapshot, PLAIN))), 60);
  assert.equal(
    commandOf(renderSnapshotTable(snapshot, { ...PLAIN, commandCut: {} })),
    command,
  );
  const narrow = renderSnapshotTable(snapshot, {
    ...PLAIN,
    commandCut: { maxWidth: 60, lineWidth: 70 },
  });
  assert.equal(displayWidth(rowOf(narrow)), 70);
  assert.ok(rowOf(narrow).endsWith("…"));
});
