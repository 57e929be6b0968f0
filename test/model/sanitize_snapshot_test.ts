import assert from "node:assert/strict";
import {
  bytesRule,
  celsiusRule,
  CHECKED_DEVICE_FIELDS,
  percentRule,
  sanitizeSnapshot,
} from "../../src/model/sanitize_snapshot.ts";
import { z } from "../../src/deps/zod.ts";
import { DeviceSchema, SnapshotSchema } from "../../src/model/schema.ts";
import { makeBackend, makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

Deno.test("bytes: safe non-negative integers kept, fractions rounded, the rest dropped", () => {
  assert.equal(bytesRule(0), 0);
  assert.equal(bytesRule(557494272), 557494272);
  assert.equal(bytesRule(1.6), 2);
  assert.equal(bytesRule(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
  // 99999999999999999999999 KiB × 1024 ≈ 1.024e26: past 2^53 − 1.
  assert.equal(bytesRule(99999999999999999999999 * 1024), undefined);
  assert.equal(bytesRule(-1), undefined);
  assert.equal(bytesRule(NaN), undefined);
  assert.equal(bytesRule(Infinity), undefined);
});

Deno.test("percent: 0–100 kept, overshoot to 200 clamped to 100, the rest dropped", () => {
  assert.equal(percentRule(0), 0);
  assert.equal(percentRule(37.5), 37.5);
  assert.equal(percentRule(100), 100);
  assert.equal(percentRule(104), 100);
  assert.equal(percentRule(200), 100);
  assert.equal(percentRule(200.5), undefined);
  assert.equal(percentRule(-0.1), undefined);
  assert.equal(percentRule(NaN), undefined);
});

Deno.test("°C: −50 to 150", () => {
  assert.equal(celsiusRule(-50), -50);
  assert.equal(celsiusRule(150), 150);
  assert.equal(celsiusRule(150.1), undefined);
  assert.equal(celsiusRule(-273), undefined);
});

Deno.test("sanitizeSnapshot drops bad values, names them in the supplying backend's detail", () => {
  const snapshot = makeSnapshot({
    backends: [
      makeBackend({ id: "nvml", detail: null }),
      makeBackend({ id: "drm", detail: "1 process not readable" }),
    ],
    devices: [
      makeDevice({
        memoryTotalBytes: 1e26,
        memoryUsedBytes: 1024,
        utilizationPercent: NaN,
        utilizationSource: "device",
        temperatureCelsius: 40,
        temperaturesCelsius: { edge: 40, junction: 9999 },
        powerWatts: -3,
        engines: { gfx: 50, compute: Infinity },
        pcieGeneration: 4,
        pcieWidth: 0,
        sources: {
          memoryTotalBytes: "nvml",
          memoryUsedBytes: "nvml",
          utilizationPercent: "nvml",
          utilizationSource: "nvml",
          temperatureCelsius: "nvml",
          temperaturesCelsius: "drm",
          powerWatts: "nvml",
          engines: "drm",
          pcieGeneration: "nvml",
          pcieWidth: "nvml",
        },
      }),
    ],
    processes: [
      makeProcess({
        pid: 10,
        source: "drm",
        gpuMemoryBytes: 1e26,
        memoryByRegion: { vram: 1e26, gtt: 4096 },
        rssBytes: -5,
      }),
      makeProcess({ pid: -1, source: "drm" }),
    ],
  });
  const clean = sanitizeSnapshot(snapshot);
  const [device] = clean.devices;
  assert.ok(device);
  assert.equal(device.memoryTotalBytes, null);
  assert.equal(device.memoryUsedBytes, 1024);
  assert.equal(device.utilizationPercent, null);
  assert.equal(device.utilizationSource, null, "dropped with the value it describes");
  assert.equal(device.temperatureCelsius, 40);
  assert.deepEqual(device.temperaturesCelsius, { edge: 40 });
  assert.equal(device.powerWatts, null);
  assert.deepEqual(device.engines, { gfx: 50 });
  assert.equal(device.pcieGeneration, 4);
  assert.equal(device.pcieWidth, null);
  assert.equal(device.sources.memoryTotalBytes, undefined, "no source for a null value");
  assert.equal(device.sources.utilizationSource, undefined);
  assert.equal(device.sources.memoryUsedBytes, "nvml");
  assert.deepEqual(clean.processes.map((p) => p.pid), [10], "the pid −1 process is dropped");
  const [process] = clean.processes;
  assert.equal(process?.gpuMemoryBytes, null);
  assert.deepEqual(process?.memoryByRegion, { gtt: 4096 });
  assert.equal(process?.rssBytes, null);
  // nvml: memoryTotalBytes, utilizationPercent, powerWatts, pcieWidth = 4.
  // drm: engines, temperaturesCelsius, gpuMemoryBytes, rssBytes, memoryByRegion, pid = 6
  // (named in the order they are checked: device maps, then each process).
  assert.deepEqual(clean.backends.map((b) => b.detail), [
    "4 implausible values dropped (memoryTotalBytes, utilizationPercent, powerWatts, pcieWidth)",
    "1 process not readable; 6 implausible values dropped " +
    "(engines, temperaturesCelsius, gpuMemoryBytes, rssBytes, memoryByRegion, pid)",
  ]);
  assert.ok(SnapshotSchema.safeParse(clean).success);
  assert.equal(SnapshotSchema.safeParse(snapshot).success, false, "the input broke the schema");
});

Deno.test("sanitizeSnapshot leaves a clean snapshot as it was", () => {
  const snapshot = makeSnapshot({
    backends: [makeBackend()],
    devices: [makeDevice({ memoryTotalBytes: 8573157376, utilizationPercent: 4 })],
    processes: [makeProcess({ gpuMemoryBytes: 557494272, memoryByRegion: { vram: 557494272 } })],
  });
  assert.deepEqual(sanitizeSnapshot(snapshot), snapshot);
});

Deno.test("sanitizeSnapshot keeps a clean process object as it is, and copies one it changes", () => {
  const clean = makeProcess({ pid: 7, memoryByRegion: { vram: 4096 }, engines: { gfx: 12.5 } });
  // 1.6 bytes rounds to 2 and 104 % clamps to 100: both changed, in a copy.
  const dirty = makeProcess({ pid: 8, rssBytes: 1.6, engines: { gfx: 104, compute: 3 } });
  const out = sanitizeSnapshot(makeSnapshot({ processes: [clean, dirty] })).processes;
  assert.equal(out[0], clean, "no copy of a process nothing was changed in");
  assert.notEqual(out[1], dirty);
  assert.deepEqual([out[1]?.rssBytes, out[1]?.engines], [2, { gfx: 100, compute: 3 }]);
  assert.deepEqual([dirty.rssBytes, dirty.engines], [1.6, { gfx: 104, compute: 3 }], "input kept");
});

Deno.test("every numeric device field of the schema has a rule here", () => {
  // `index` is the merge's own numbering, not a reading.
  const schema = z.toJSONSchema(DeviceSchema) as {
    properties: Record<string, unknown>;
  };
  const numeric = Object.entries(schema.properties)
    .filter(([key, property]) =>
      key !== "index" && /"(?:number|integer)"/.test(JSON.stringify(property))
    )
    .map(([key]) => key);
  assert.deepEqual([...numeric].sort(), [...CHECKED_DEVICE_FIELDS].sort());
});

Deno.test("sanitizeSnapshot: a bad ECC count becomes null, the others stay", () => {
  const eccErrors = {
    volatileCorrected: 3,
    volatileUncorrected: -1,
    aggregateCorrected: null,
    aggregateUncorrected: Number.NaN,
  };
  const snapshot = makeSnapshot({
    backends: [makeBackend()],
    devices: [makeDevice({ eccErrors, retiredPages: -2, pcieWidthMax: 128 })],
  });
  const device = sanitizeSnapshot(snapshot).devices[0]!;
  assert.deepEqual(device.eccErrors, {
    volatileCorrected: 3,
    volatileUncorrected: null,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  });
  assert.equal(device.retiredPages, null);
  assert.equal(device.pcieWidthMax, null);
});
