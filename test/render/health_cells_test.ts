import assert from "node:assert/strict";
import { renderSnapshotTable } from "../../src/render/snapshot_table.ts";
import { makeDevice, makeSnapshot } from "./snapshot_builder.ts";

const SICK = makeDevice({
  health: "critical",
  healthReasons: ["2 uncorrected ECC errors since the driver loaded", "PCIe link x8 of x16"],
});

Deno.test("snapshot table: HEALTH after GPU (ok / warn / CRIT), reasons under the table", () => {
  const fine = makeDevice({ index: 1, id: "b", health: "ok", healthReasons: [] });
  const warned = makeDevice({
    index: 2,
    id: "c",
    health: "warning",
    healthReasons: ["clocks held down: thermal"],
  });
  const text = renderSnapshotTable(makeSnapshot({ devices: [SICK, fine, warned] }), {
    header: true,
    color: false,
  });
  const lines = text.split("\n");
  assert.match(lines[0]!, /^GPU {2}HEALTH {2}NAME/);
  assert.match(lines[1]!, /^ {2}0 {2}CRIT {4}/);
  assert.match(lines[2]!, /^ {2}1 {2}ok {6}/);
  assert.match(lines[3]!, /^ {2}2 {2}warn {4}/);
  assert.equal(lines[4], "GPU 0 health: 2 uncorrected ECC errors since the driver loaded");
  assert.equal(lines[5], "GPU 0 health: PCIe link x8 of x16");
  assert.equal(lines[6], "GPU 2 health: clocks held down: thermal");
  assert.ok(!text.includes("\x1b"));
});

Deno.test("snapshot table: HEALTH coloured with colour on; no column when no health is known", () => {
  const coloured = renderSnapshotTable(makeSnapshot({ devices: [SICK] }), {
    header: true,
    color: true,
  });
  assert.ok(coloured.includes("  \x1b[31mCRIT\x1b[0m  "), JSON.stringify(coloured));
  const unknown = renderSnapshotTable(makeSnapshot({ devices: [makeDevice({})] }), {
    header: true,
    color: false,
  });
  assert.ok(!unknown.includes("HEALTH"));
});
