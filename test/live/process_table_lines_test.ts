/** The `top` screen's process table on its own: the page shown, the range, the header style. */
import assert from "node:assert/strict";
import { processTableLines } from "../../src/live/process_table_lines.ts";
import { displayWidth } from "../../src/render/display_width.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

const PROCESSES = [1, 2, 3, 4, 5].map((pid) => makeProcess({ pid, command: `job-${pid}` }));

Deno.test("processTableLines: a page from the scroll position, and the range it shows", () => {
  const { lines, range } = processTableLines(PROCESSES, 2, 1, 60, false);
  assert.equal(range, "processes 2-3 of 5");
  assert.deepEqual(lines.map((line) => line.trim().split(/\s+/)[0]), ["PID", "2", "3"]);
  assert.ok(lines.every((line) => displayWidth(line) === 60));
});

Deno.test("processTableLines: a scroll past the end shows the last page", () => {
  const { lines, range } = processTableLines(PROCESSES, 2, 99, 60, false);
  assert.equal(range, "processes 4-5 of 5");
  assert.equal(lines.length, 3);
});

Deno.test("processTableLines: no process is one line that says so, and no range", () => {
  const { lines, range } = processTableLines([], 5, 0, 40, false);
  assert.equal(range, "");
  assert.equal(lines[1]?.trimEnd(), " No GPU processes found.");
});

Deno.test("processTableLines: only the header is bold, and only with colour", () => {
  const plain = processTableLines(PROCESSES, 1, 0, 60, false).lines;
  const coloured = processTableLines(PROCESSES, 1, 0, 60, true).lines;
  assert.equal(coloured[0], `\x1b[1m${plain[0]}\x1b[0m`);
  assert.equal(coloured[1], plain[1]);
});

Deno.test("processTableLines: CONTAINER, POD, CPU% and START only when some process has one", () => {
  const id = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";
  const plain = processTableLines(PROCESSES, 5, 0, 200, false).lines[0]!;
  assert.match(plain, /^\s+PID USER\s+GPU TYPE\s+GPU MEM GPU% COMMAND\s*$/);
  const attributed = makeProcess({
    pid: 9,
    container: { runtime: "systemd-nspawn", id: "a-rather-long-machine-name" },
    pod: { uid: "1e5ab2c4-7a3d", namespace: "ml", name: "trainer-0", qos: null },
    cpuPercent: 150,
    startTime: "2024-12-31T23:00:00Z",
  });
  const { lines } = processTableLines(
    [...PROCESSES, attributed, makeProcess({ pid: 10, container: { runtime: "docker", id } })],
    10,
    0,
    200,
    false,
    Date.parse("2025-01-01T00:00:00Z"),
  );
  assert.match(
    lines[0]!,
    /^\s+PID USER\s+CONTAINER\s+POD\s+GPU TYPE\s+GPU MEM GPU% {2}CPU% {2}START COMMAND/,
  );
  const row = lines.find((line) => line.trim().startsWith("9 "))!;
  assert.match(row, / systemd-nspawn:a-rather-long-machine-name ml\/trainer-0 /, "never cut");
  assert.match(row, / 150% +\d\d:\d\d /);
  assert.match(lines.find((line) => line.trim().startsWith("10 "))!, / docker:3f2a9c1e7b4d /);
});
