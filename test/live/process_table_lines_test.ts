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
