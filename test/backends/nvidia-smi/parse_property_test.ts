/**
 * The nvidia-smi CSV parsers under hostile output (rows of any length, any cell text, binary,
 * huge or negative numbers, CRLF): they never throw, every device has a real identity, and
 * every number is finite and within its field's kind.
 */
import assert from "node:assert/strict";
import fc from "../../support/fast_check.ts";
import { APP_FIELDS, GPU_FIELDS } from "../../../src/backends/nvidia-smi/fields.ts";
import { parseAppRows } from "../../../src/backends/nvidia-smi/parse_app_rows.ts";
import { parseGpuRows } from "../../../src/backends/nvidia-smi/parse_gpu_rows.ts";
import type { DeviceReading } from "../../../src/model/types.ts";
import { hostileText, hostileValue, PROPERTY_RUNS } from "../../support/hostile.ts";

/** Cells nvidia-smi prints, and ones it does not. */
const cell = fc.oneof(
  hostileValue,
  fc.constantFrom("[N/A]", "[Not Supported]", "N/A", "GPU-0a1b2c3d-0000-1111-2222-333344445555"),
  fc.constantFrom(
    "00000000:01:00.0",
    "0000:3b:00.0",
    "Enabled",
    "Disabled",
    "P0",
    '"quoted, cell"',
  ),
);

function rows(cellsPerRow: number): fc.Arbitrary<string> {
  const row = fc.oneof(
    { weight: 4, arbitrary: fc.array(cell, { minLength: cellsPerRow, maxLength: cellsPerRow }) },
    { weight: 1, arbitrary: fc.array(cell, { maxLength: cellsPerRow + 3 }) },
  ).map((cells) => cells.join(", "));
  return fc.tuple(
    fc.array(fc.oneof({ weight: 5, arbitrary: row }, { weight: 1, arbitrary: hostileText }), {
      maxLength: 8,
    }),
    fc.constantFrom("\n", "\r\n"),
  ).map(([lines, end]) => lines.join(end) + end);
}

const UUID = /^(?:GPU|MIG)-[0-9a-f]+(?:-[0-9a-f]+)*$/i;
const PCI = /^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$/;
const NUMBER_FIELDS: (keyof DeviceReading)[] = [
  "memoryTotalBytes",
  "memoryUsedBytes",
  "memoryFreeBytes",
  "utilizationPercent",
  "memoryUtilizationPercent",
  "temperatureCelsius",
  "powerWatts",
  "powerLimitWatts",
  "graphicsClockMHz",
  "graphicsClockMaxMHz",
  "memoryClockMHz",
  "memoryClockMaxMHz",
  "fanPercent",
  "pcieGeneration",
  "pcieWidth",
];

Deno.test("parseGpuRows on hostile output: real identities, finite numbers, never a throw", () => {
  fc.assert(
    fc.property(rows(GPU_FIELDS.length), (text) => {
      const { devices, rejected } = parseGpuRows(text, GPU_FIELDS);
      assert.ok(Number.isSafeInteger(rejected) && rejected >= 0);
      for (const device of devices) {
        const identified = (device.pciBusId && PCI.test(device.pciBusId)) ||
          (device.uuid && UUID.test(device.uuid)) || /^index:\d+$/.test(device.localId);
        assert.ok(identified, `identity of ${JSON.stringify(device)}`);
        for (const field of NUMBER_FIELDS) {
          const value = device[field];
          if (value === null || value === undefined) continue;
          assert.ok(typeof value === "number" && Number.isFinite(value), `${field} ${value}`);
        }
        for (const field of ["memoryTotalBytes", "memoryUsedBytes", "memoryFreeBytes"] as const) {
          const bytes = device[field];
          assert.ok(
            (bytes === null || bytes === undefined) || (Number.isSafeInteger(bytes) && bytes >= 0),
            `${field}`,
          );
        }
        for (
          const field of ["utilizationPercent", "memoryUtilizationPercent", "fanPercent"] as const
        ) {
          const percent = device[field];
          assert.ok(
            (percent === null || percent === undefined) || (percent >= 0 && percent <= 100),
            `${field} ${percent}`,
          );
        }
      }
    }),
    PROPERTY_RUNS,
  );
});

Deno.test("parseAppRows on hostile output: pids are safe integers, memory safe bytes", () => {
  fc.assert(
    fc.property(rows(APP_FIELDS.length), (text) => {
      const { processes } = parseAppRows(text, APP_FIELDS, []);
      for (const process of processes) {
        assert.ok(Number.isSafeInteger(process.pid) && process.pid >= 0, `pid ${process.pid}`);
        const bytes = process.gpuMemoryBytes;
        assert.ok(
          (bytes === null || bytes === undefined) || (Number.isSafeInteger(bytes) && bytes >= 0),
          `bytes ${bytes}`,
        );
      }
    }),
    PROPERTY_RUNS,
  );
});
