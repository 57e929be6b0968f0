import assert from "node:assert/strict";
import { DeviceSchema, ProcessSchema, SnapshotSchema } from "../../src/model/schema.ts";
import type { Snapshot } from "../../src/model/types.ts";
import { renderJson, renderJsonLine } from "../../src/render/json.ts";
import { makeDevice, makeProcess, makeSnapshot, sampleSnapshot } from "./snapshot_builder.ts";

Deno.test("the test builder makes schema-valid snapshots", () => {
  SnapshotSchema.parse(sampleSnapshot());
});

Deno.test("renderJson: round-trips a valid snapshot, pretty, ending with a newline", () => {
  const snapshot = sampleSnapshot();
  const out = renderJson(snapshot);
  assert.ok(out.endsWith("}\n"));
  assert.ok(out.includes('\n  "schemaVersion": 1,'));
  assert.deepEqual(SnapshotSchema.parse(JSON.parse(out)), snapshot);
  assert.deepEqual(JSON.parse(out), snapshot);
});

Deno.test("renderJson: NaN, Infinity and undefined become null; missing keys appear as null", () => {
  const device = makeDevice({ powerWatts: Number.NaN, temperatureCelsius: Infinity });
  // Simulate a careless producer: a key left out and one set to undefined.
  const loose = device as Record<string, unknown>;
  delete loose.serial;
  loose.uuid = undefined;
  const process = makeProcess({ engines: { render: Number.NaN } });
  delete (process as Record<string, unknown>).rssBytes;
  const snapshot = makeSnapshot({ devices: [device], processes: [process] });
  const parsed = JSON.parse(renderJson(snapshot));
  const outDevice = parsed.devices[0];
  assert.deepEqual(Object.keys(outDevice), Object.keys(DeviceSchema.shape));
  assert.equal(outDevice.powerWatts, null);
  assert.equal(outDevice.temperatureCelsius, null);
  assert.equal(outDevice.serial, null);
  assert.equal(outDevice.uuid, null);
  const outProcess = parsed.processes[0];
  assert.deepEqual(Object.keys(outProcess), Object.keys(ProcessSchema.shape));
  assert.equal(outProcess.rssBytes, null);
  assert.deepEqual(outProcess.engines, { render: null });
  assert.ok(!renderJson(snapshot).includes("NaN"));
});

Deno.test("renderJson: every key present in every device and process", () => {
  const parsed = JSON.parse(renderJson(sampleSnapshot()));
  assert.deepEqual(Object.keys(parsed), Object.keys(SnapshotSchema.shape));
  for (const device of parsed.devices) {
    assert.deepEqual(Object.keys(device), Object.keys(DeviceSchema.shape));
  }
  for (const process of parsed.processes) {
    assert.deepEqual(Object.keys(process), Object.keys(ProcessSchema.shape));
  }
});

Deno.test("renderJson: keys the schema does not know are dropped", () => {
  const snapshot = { ...makeSnapshot(), extra: 1 } as Snapshot;
  assert.ok(!("extra" in JSON.parse(renderJson(snapshot))));
});

Deno.test("renderJsonLine: one compact line with the same content", () => {
  const snapshot = sampleSnapshot();
  const line = renderJsonLine(snapshot);
  assert.ok(line.endsWith("\n"));
  assert.equal(line.indexOf("\n"), line.length - 1);
  assert.deepEqual(JSON.parse(line), JSON.parse(renderJson(snapshot)));
});

Deno.test("renderJson: hostile strings stay JSON-escaped", () => {
  const snapshot = makeSnapshot({ processes: [makeProcess({ name: "\x1b[31m\n" })] });
  const out = renderJson(snapshot);
  assert.ok(!out.includes("\x1b"));
  assert.equal(JSON.parse(out).processes[0].name, "\x1b[31m\n");
});

Deno.test("renderJson: a record-valued field keeps its own keys in order, never inherited ones", () => {
  // A producer's record built on a prototype with an enumerable key: only own keys are data.
  const engines = Object.create({ inherited: 1 }) as Record<string, number>;
  engines.render = 10;
  engines.compute = 20;
  const snapshot = makeSnapshot({ processes: [makeProcess({ engines })] });
  const parsed = JSON.parse(renderJson(snapshot));
  assert.deepEqual(Object.keys(parsed.processes[0].engines), ["render", "compute"]);
  assert.deepEqual(parsed.processes[0].engines, { render: 10, compute: 20 });
});
