import assert from "node:assert/strict";
import { DeviceSchema, ProcessSchema } from "../../src/model/schema.ts";
import {
  csvCell,
  csvField,
  csvRow,
  DEVICE_CSV_COLUMNS,
  flattenRecord,
  PROCESS_CSV_COLUMNS,
  renderDeviceCsv,
  renderProcessCsv,
} from "../../src/render/csv.ts";
import { makeDevice, makeProcess, makeSnapshot, sampleSnapshot } from "./snapshot_builder.ts";
import { parseCsv } from "../support/parse_csv.ts";

Deno.test("csvField: quotes commas, quotes, CR and LF; doubles quotes", () => {
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField("line1\nline2"), '"line1\nline2"');
  assert.equal(csvField("a\rb"), '"a\rb"');
  assert.equal(csvRow(["a,b", "c"]), '"a,b",c\n');
});

Deno.test("csvCell: formula starts in text are neutralised, numbers are not", () => {
  assert.equal(csvCell("=SUM(A1)"), "'=SUM(A1)");
  assert.equal(csvCell("+1"), "'+1");
  assert.equal(csvCell("-cmd"), "'-cmd");
  assert.equal(csvCell("@x"), "'@x");
  assert.equal(csvCell(-5), "-5");
  assert.equal(csvCell(0.5), "0.5");
  assert.equal(csvCell("safe=text"), "safe=text");
});

Deno.test("csvCell: null → empty, booleans, non-finite → empty, controls escaped", () => {
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(true), "true");
  assert.equal(csvCell(Number.NaN), "");
  assert.equal(csvCell("a\x1b[31m\nb"), "a\\e[31m\\nb");
  assert.equal(csvCell("\tTAB"), "\\tTAB"); // escaped first, so no longer a formula start
});

Deno.test("flattenRecord: sorted keys, key=value;...", () => {
  assert.equal(flattenRecord({ render: 12, copy: 0, video: 3.5 }), "copy=0;render=12;video=3.5");
  assert.equal(flattenRecord({}), "");
  assert.equal(flattenRecord({ "a;b": "c=d" }), "a\\;b=c\\=d");
});

Deno.test("column lists are the schema fields in schema order", () => {
  assert.deepEqual([...DEVICE_CSV_COLUMNS], Object.keys(DeviceSchema.shape));
  assert.deepEqual([...PROCESS_CSV_COLUMNS], Object.keys(ProcessSchema.shape));
});

Deno.test("renderDeviceCsv: header, one row per device, flattened records, nulls empty", () => {
  const out = renderDeviceCsv(sampleSnapshot(), { header: true });
  const rows = parseCsv(out);
  assert.equal(rows.length, 3);
  assert.deepEqual(rows[0], [...DEVICE_CSV_COLUMNS]);
  const first = Object.fromEntries(DEVICE_CSV_COLUMNS.map((key, i) => [key, rows[1]?.[i]]));
  assert.equal(first.index, "0");
  assert.equal(first.name, "NVIDIA GeForce RTX 4090");
  assert.equal(first.serial, "");
  assert.equal(first.powerWatts, "123.4");
  assert.equal(first.engines, "copy=0;graphics=37");
  assert.equal(first.sources, "name=nvml;runtimeStatus=drm;utilizationPercent=nvml");
  for (const row of rows) assert.equal(row.length, DEVICE_CSV_COLUMNS.length);
  assert.ok(out.endsWith("\n") && !out.includes("\r"));
});

Deno.test("renderDeviceCsv: header false drops the header row", () => {
  const out = renderDeviceCsv(sampleSnapshot(), { header: false });
  assert.equal(parseCsv(out).length, 2);
  assert.ok(!out.includes("memoryTotalBytes"));
  assert.equal(renderDeviceCsv(makeSnapshot(), { header: false }), "");
});

Deno.test("renderProcessCsv: hostile text stays in one neutralised, quoted cell", () => {
  const snapshot = makeSnapshot({
    devices: [makeDevice()],
    processes: [
      makeProcess({ pid: 1, name: '=HYPERLINK("http://x","a,b")\nrow', gpuMemoryBytes: 5 }),
    ],
  });
  const out = renderProcessCsv(snapshot, { header: false });
  assert.equal(out.split("\n").length, 2); // one line and the final LF
  const [row] = parseCsv(out);
  const name = row?.[PROCESS_CSV_COLUMNS.indexOf("name")];
  assert.equal(name, `'=HYPERLINK("http://x","a,b")\\nrow`);
});

Deno.test("renderProcessCsv: sorted like ps, records flattened", () => {
  const snapshot = makeSnapshot({
    processes: [
      makeProcess({ pid: 9, gpuMemoryBytes: null }),
      makeProcess({ pid: 3, gpuMemoryBytes: 10, engines: { render: 12, copy: 0 } }),
      makeProcess({ pid: 2, gpuMemoryBytes: 10, memoryByRegion: { vram: 8, gtt: 2 } }),
      makeProcess({ pid: 4, gpuMemoryBytes: 99 }),
    ],
  });
  const rows = parseCsv(renderProcessCsv(snapshot, { header: true }));
  assert.deepEqual(rows[0], [...PROCESS_CSV_COLUMNS]);
  const pid = PROCESS_CSV_COLUMNS.indexOf("pid");
  assert.deepEqual(rows.slice(1).map((row) => row[pid]), ["4", "2", "3", "9"]);
  const engines = PROCESS_CSV_COLUMNS.indexOf("engines");
  const regions = PROCESS_CSV_COLUMNS.indexOf("memoryByRegion");
  assert.equal(rows[3]?.[engines], "copy=0;render=12");
  assert.equal(rows[2]?.[regions], "gtt=2;vram=8");
  assert.equal(rows[4]?.[PROCESS_CSV_COLUMNS.indexOf("gpuMemoryBytes")], "");
});

Deno.test("csv: a list field is one cell, items joined by ';' (escaped inside an item)", () => {
  const device = makeDevice({
    clockEventReasons: ["thermal", "power-cap"],
    healthReasons: ["PCIe link x8 of x16", "a;b"],
  });
  const [header, row] = parseCsv(renderDeviceCsv(makeSnapshot({ devices: [device] }), {
    header: true,
  }));
  const cell = (field: string) => row![header!.indexOf(field)];
  assert.equal(cell("clockEventReasons"), "thermal;power-cap");
  assert.equal(cell("healthReasons"), "PCIe link x8 of x16;a\\;b");
  const empty = makeDevice({ clockEventReasons: [] });
  const [, emptyRow] = parseCsv(renderDeviceCsv(makeSnapshot({ devices: [empty] }), {
    header: true,
  }));
  assert.equal(emptyRow![header!.indexOf("clockEventReasons")], "");
});
