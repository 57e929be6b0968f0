import assert from "node:assert/strict";
import {
  defaultProcessColumns,
  PROCESS_COLUMNS,
  processColumnNamed,
} from "../../src/render/process_columns.ts";
import { PROCESS_COLUMN_NAMES } from "../../src/model/process_column_names.ts";
import { renderProcessTable } from "../../src/render/process_table.ts";
import { makeProcess, makeSnapshot } from "./snapshot_builder.ts";

const ID = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";

Deno.test("every column name the CLI lists has a column, in the same order", () => {
  assert.deepEqual(PROCESS_COLUMNS.map((c) => c.name), [...PROCESS_COLUMN_NAMES]);
  for (const column of PROCESS_COLUMNS) {
    assert.equal(column.name, column.column.title.toLowerCase().replaceAll(" ", "-"));
  }
  assert.equal(processColumnNamed("GPU-MEMORY")?.name, "gpu-mem");
  assert.equal(processColumnNamed("cpu")?.name, "cpu%");
  assert.equal(processColumnNamed("nope"), undefined);
});

Deno.test("defaultProcessColumns: CONTAINER, POD, CPU% and START only when some row has one", () => {
  const names = (rows: Parameters<typeof defaultProcessColumns>[0], omit?: string[]) =>
    defaultProcessColumns(rows, omit).map((c) => c.name);
  assert.deepEqual(names([makeProcess()]), [
    "pid",
    "user",
    "gpu",
    "type",
    "gpu-mem",
    "engines",
    "rss",
    "command",
  ]);
  const attributed = makeProcess({
    container: { runtime: "docker", id: ID },
    cpuPercent: 3,
    startTime: "2025-01-01T00:00:00.000Z",
    pod: { uid: "u", namespace: null, name: null, qos: null },
  });
  assert.deepEqual(names([makeProcess(), attributed], ["rss"]), [
    "pid",
    "user",
    "container",
    "pod",
    "gpu",
    "type",
    "gpu-mem",
    "engines",
    "cpu%",
    "start",
    "command",
  ]);
});

Deno.test("renderProcessTable: --columns picks and orders; CONTAINER cells are never cut", () => {
  const snapshot = makeSnapshot({
    processes: [
      makeProcess({ pid: 7, container: { runtime: "systemd-nspawn", id: "a".repeat(80) } }),
    ],
  });
  const text = renderProcessTable(snapshot, {
    header: true,
    color: false,
    columns: ["container", "pid"],
  });
  const cell = `systemd-nspawn:${"a".repeat(80)}`;
  assert.equal(text, `${"CONTAINER".padEnd(cell.length)}  PID\n${cell}    7\n`);
});
