/** The live view's controller with a fake terminal and a fake session: no real TTY needed. */
import assert from "node:assert/strict";
import { NOT_A_TERMINAL_MESSAGE, runTop } from "../../src/live/top.ts";
import { filteredSource } from "../../src/session/filtered_source.ts";
import { makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";
import { FakeSource, tick } from "./fake_source.ts";
import { FakeTerminalIo } from "./fake_io.ts";

const OPTIONS = { intervalMs: 50, color: false, version: "0.1.0", unicode: true };
const ENTER = "\x1b[?1049h\x1b[?25l";
const LEAVE = "\x1b[0m\x1b[?25h\x1b[?1049l";

const snapshot = () =>
  makeSnapshot({
    devices: [makeDevice({ index: 0, name: "First" }), makeDevice({ index: 1, name: "Second" })],
    processes: [
      makeProcess({ pid: 10, deviceIndex: 0, gpuMemoryBytes: 100 }),
      makeProcess({ pid: 20, deviceIndex: 1, gpuMemoryBytes: 200 }),
    ],
  });

/** Waits until `predicate` holds, at most a second. */
async function until(predicate: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !predicate(); i++) await tick(10);
  assert.ok(predicate(), `timed out waiting for ${what}`);
}

/** `top` on a fake terminal and session over `snapshot`, once `firstFrame` has been drawn. */
async function startedTop(firstFrame = "GPU 1 Second") {
  const io = new FakeTerminalIo();
  const source = new FakeSource(snapshot);
  const done = runTop(source, OPTIONS, io);
  await until(() => io.output.includes(firstFrame), "first frame");
  return { io, source, done };
}

function assertRestored(io: FakeTerminalIo): void {
  assert.ok(io.output.endsWith(LEAVE), "cursor shown and main screen back, last thing written");
  assert.deepEqual(io.rawModes, [true, false]);
  assert.equal(io.listenerCount(), 0, "signal handlers removed");
}

Deno.test("top: not a terminal → exit 2 with a hint to use watch, session closed", async () => {
  const io = new FakeTerminalIo();
  io.stdoutIsTerminal = false;
  const source = new FakeSource(snapshot);
  assert.equal(await runTop(source, OPTIONS, io), 2);
  assert.equal(io.errors, NOT_A_TERMINAL_MESSAGE);
  assert.match(io.errors, /gputop watch/);
  assert.equal(io.output, "");
  assert.equal(source.closes, 1);
});

Deno.test("top: s and f redraw at once, q quits and restores the terminal", async () => {
  const { io, source, done } = await startedTop();
  assert.ok(io.output.startsWith(ENTER));
  io.press("s");
  await until(() => io.output.includes("sort: GPU%"), "sort change");
  io.press("f");
  await until(() => io.output.includes("GPU: 0"), "filter change");
  io.press("q");
  assert.equal(await done, 0);
  assertRestored(io);
  assert.equal(source.closes, 1);
});

Deno.test("top: keys answer while a reading is pending", async () => {
  const { io, source, done } = await startedTop();
  const release = source.hold(); // the next reading never finishes until released
  await until(() => source.samples >= 2, "a pending reading");
  const before = io.output.length;
  io.press("s");
  await until(() => io.output.length > before && io.output.includes("sort: GPU%"), "redraw");
  io.press("h");
  await until(() => io.output.includes("Keys"), "help");
  io.press("\x03"); // Ctrl-C in raw mode
  release(); // else closing waits out its grace period for the reading in flight
  assert.equal(await done, 0);
  assertRestored(io);
});

Deno.test("top: SIGTERM, SIGINT, SIGHUP and a closed stdin end it, terminal restored", async () => {
  // 128 + the signal's number, as a shell reports a process the signal ended; stdin closing
  // is a normal end (nobody can press q any more).
  const expectedExit = { SIGTERM: 128 + 15, SIGINT: 128 + 2, SIGHUP: 128 + 1, stdin: 0 };
  for (const end of ["SIGTERM", "SIGINT", "SIGHUP", "stdin"] as const) {
    const { io, source, done } = await startedTop("GPU 0");
    if (end === "stdin") io.closeInput();
    else io.raise(end);
    assert.equal(await done, expectedExit[end], end);
    assertRestored(io);
    assert.equal(source.closes, 1, end);
  }
});

Deno.test("top -i with no match: 'matched none of the 2 GPUs found', -i on the title", async () => {
  const io = new FakeTerminalIo();
  // The reading has GPUs 0 and 1; -i 99 keeps neither.
  const done = runTop(filteredSource(new FakeSource(snapshot), ["99"]), OPTIONS, io);
  await until(() => io.output.includes("matched none"), "the no-match line");
  assert.match(io.output, / -i 99 matched none of the 2 GPUs found\./);
  assert.match(io.output, /GPU: -i 99/);
  assert.doesNotMatch(io.output, /No GPUs found|GPU: all/);
  io.press("q");
  assert.equal(await done, 0);
});

Deno.test("top: SIGWINCH redraws at the new size", async () => {
  const io = new FakeTerminalIo();
  const done = runTop(new FakeSource(snapshot), { ...OPTIONS, intervalMs: 60_000 }, io);
  await until(() => io.output.includes("GPU 0"), "first frame");
  io.size = { columns: 100, rows: 30 };
  io.raise("SIGWINCH");
  await until(() => io.output.includes("\x1b[30;1H"), "a 30th row");
  io.press("q");
  await done;
});

Deno.test("top: an error while drawing still restores the terminal, then surfaces", async () => {
  const io = new FakeTerminalIo();
  let calls = 0;
  const realSize = io.terminalSize.bind(io);
  io.terminalSize = () => {
    if (++calls === 3) throw new Error("terminal went away");
    return realSize();
  };
  const done = runTop(new FakeSource(snapshot), OPTIONS, io);
  await assert.rejects(done, /terminal went away/);
  assertRestored(io);
});

Deno.test("top: an unhandled rejection elsewhere ends the view with the terminal restored", async () => {
  const io = new FakeTerminalIo();
  const done = runTop(new FakeSource(snapshot), OPTIONS, io);
  await until(() => io.output.includes("GPU 0"), "first frame");
  // A promise nobody awaits, rejected: what a buggy backend callback could leave behind.
  Promise.reject(new Error("backend bug"));
  await assert.rejects(done, /backend bug/);
  assertRestored(io);
});
