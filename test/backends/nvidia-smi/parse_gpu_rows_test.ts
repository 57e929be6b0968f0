/**
 * parseGpuRows on every fixture. Expected values are the capture text's, copied by hand into
 * captured.ts (`memory.total [MiB]` = `81559 MiB` in the H100 capture → 81559 × 1048576).
 */
import assert from "node:assert/strict";
import {
  GPU_FIELDS,
  GPU_FIELDS_CONSERVATIVE,
  type GpuField,
} from "../../../src/backends/nvidia-smi/fields.ts";
import { driverVersionOf, parseGpuRows } from "../../../src/backends/nvidia-smi/parse_gpu_rows.ts";
import { fixtureText } from "../../fakes/nvidia-smi/fake.ts";
import { CAPTURED, capturedReading, ZERO_UUID } from "./captured.ts";

for (const [stem, { gpu }] of Object.entries(CAPTURED)) {
  Deno.test(`parseGpuRows reads ${stem}-gpu.csv as captured`, () => {
    const { devices, rejected } = parseGpuRows(fixtureText(`${stem}-gpu.csv`), GPU_FIELDS);
    assert.equal(rejected, 0);
    assert.deepEqual(devices, [capturedReading(gpu)]);
  });
}

Deno.test("spot check by hand: H100 load memory.total 81559 MiB, 631.95 W", () => {
  const device = parseGpuRows(
    fixtureText("h100-80gb-hbm3-590.48.01-load-gpu.csv"),
    GPU_FIELDS,
  ).devices[0]!;
  assert.equal(device.memoryTotalBytes, 85520809984); // 81559 × 1048576
  assert.equal(device.memoryUsedBytes, 20780679168); // 19818 × 1048576
  assert.equal(device.powerWatts, 631.95);
  assert.equal(device.pciBusId, "0000:00:09.0"); // 00000000:00:09.0
});

Deno.test("parseGpuRows reads the conservative field list's columns", () => {
  const { devices, rejected } = parseGpuRows(
    fixtureText("h100-80gb-hbm3-590.48.01-load-gpu-conservative.csv"),
    GPU_FIELDS_CONSERVATIVE,
  );
  assert.equal(rejected, 0);
  const { migMode: _mig, computeCapability: _cap, ...rest } = capturedReading(
    CAPTURED["h100-80gb-hbm3-590.48.01-load"]!.gpu,
  );
  // power.limit 700.00 W stands in for enforced.power.limit; MIG and compute_cap not asked.
  assert.deepEqual(devices[0], rest);
});

Deno.test("driverVersionOf takes the rows' driver version", () => {
  const { devices } = parseGpuRows(
    fixtureText("h100-80gb-hbm3-590.48.01-idle-gpu.csv"),
    GPU_FIELDS,
  );
  assert.equal(driverVersionOf(devices), "590.48.01");
  assert.equal(driverVersionOf([]), null);
});

/** The H100 load row with some cells replaced, by field name. */
function h100RowWith(replacements: Partial<Record<GpuField, string>>): string {
  const row = fixtureText("h100-80gb-hbm3-590.48.01-load-gpu.csv").trim();
  const cells = row.split(", ");
  GPU_FIELDS.forEach((field, position) => {
    const replacement = replacements[field];
    if (replacement !== undefined) cells[position] = replacement;
  });
  return cells.join(", ") + "\n";
}

Deno.test("markers and empty cells become null, never 0", () => {
  const text = h100RowWith({
    "power.draw": "[Not Supported]",
    "utilization.gpu": "[N/A]",
    "clocks.current.graphics": "[Requested functionality has been deprecated]",
    "memory.used": "[Unknown Error]",
    "temperature.gpu": "",
    "pstate": "[N/A]",
    "pcie.link.gen.current": "[Insufficient Permissions]",
    "compute_cap": "",
  });
  const { devices, rejected } = parseGpuRows(text, GPU_FIELDS);
  assert.equal(rejected, 0);
  const device = devices[0]!;
  assert.equal(device.powerWatts, null);
  assert.equal(device.utilizationPercent, null);
  assert.equal(device.graphicsClockMHz, null);
  assert.equal(device.memoryUsedBytes, null);
  assert.equal(device.temperatureCelsius, null);
  assert.equal(device.performanceState, null);
  assert.equal(device.pcieGeneration, null);
  assert.equal(device.computeCapability, null);
  // The untouched cells are still read.
  assert.equal(device.memoryTotalBytes, 85520809984);
});

Deno.test("a percentage outside 0–100 and a wrong unit are not understood: null", () => {
  const text = h100RowWith({ "fan.speed": "140", "memory.total": "80 GiB" });
  const device = parseGpuRows(text, GPU_FIELDS).devices[0]!;
  assert.equal(device.fanPercent, null);
  assert.equal(device.memoryTotalBytes, null);
});

Deno.test("a garbage row is skipped and counted; the others are kept", () => {
  const text = fixtureText("rtx-2080-super-595.71.05-load-gpu.csv") +
    "this is not a row\n" +
    fixtureText("h100-80gb-hbm3-590.48.01-load-gpu.csv");
  const { devices, rejected } = parseGpuRows(text, GPU_FIELDS);
  assert.equal(rejected, 1);
  assert.deepEqual(devices.map((device) => device.name), [
    "NVIDIA GeForce RTX 2080 SUPER",
    "NVIDIA H100 80GB HBM3",
  ]);
});

Deno.test("a row with no PCI address, UUID or index is rejected", () => {
  const text = h100RowWith({ "index": "[N/A]", "uuid": "[N/A]", "pci.bus_id": "garbage" });
  const rows = parseGpuRows(text, GPU_FIELDS);
  assert.deepEqual([rows.devices, rows.rejected], [[], 1]);
  assert.equal(rows.firstRejected, text.trim().slice(0, 60) + "…");
});

Deno.test("text where an index or UUID belongs is no identity", () => {
  // index "0x1" is not decimal digits, uuid "not-a-uuid" has no GPU- prefix.
  const text = h100RowWith({ "index": "0x1", "uuid": "not-a-uuid", "pci.bus_id": "[N/A]" });
  assert.equal(parseGpuRows(text, GPU_FIELDS).rejected, 1);
  // With a PCI address the row is a device, but the text is not kept as its UUID.
  const device = parseGpuRows(h100RowWith({ "uuid": "not-a-uuid" }), GPU_FIELDS).devices[0];
  assert.equal(device?.uuid, null);
  assert.equal(device?.pciBusId, "0000:00:09.0");
});

Deno.test("a row of commas is never a device, even with an index in front", () => {
  for (const line of [",".repeat(40), "0" + ",".repeat(40), "0, , , , ,,,,,,,,,,,,,,,,,,,,,,,,,"]) {
    const rows = parseGpuRows(line + "\n", GPU_FIELDS);
    assert.deepEqual([rows.devices, rows.rejected], [[], 1], line);
  }
});

Deno.test("a device without a PCI address is named by UUID, else by index", () => {
  const byUuid = parseGpuRows(h100RowWith({ "pci.bus_id": "[N/A]" }), GPU_FIELDS).devices[0]!;
  assert.equal(byUuid.localId, ZERO_UUID);
  assert.equal(byUuid.pciBusId, null);
  const byIndex = parseGpuRows(
    h100RowWith({ "pci.bus_id": "[N/A]", "uuid": "[N/A]", "index": "3" }),
    GPU_FIELDS,
  ).devices[0]!;
  assert.equal(byIndex.localId, "index:3");
});

Deno.test("a name with a comma stays whole (name is the last field)", () => {
  const text = h100RowWith({ "name": "NVIDIA Example, Rev 2" });
  assert.equal(parseGpuRows(text, GPU_FIELDS).devices[0]!.name, "NVIDIA Example, Rev 2");
});

Deno.test("an empty output is no devices and nothing rejected", () => {
  const none = { devices: [], rejected: 0, firstRejected: null };
  assert.deepEqual(parseGpuRows("", GPU_FIELDS), none);
  assert.deepEqual(parseGpuRows("\n\n", GPU_FIELDS), none);
});

/**
 * The 2020 paste (bpytop issue 26): two GPUs, `--format=csv` with units inside the values.
 * Real nvidia-smi prints no units with `nounits`; the parser still reads them.
 */
Deno.test("parseGpuRows reads the 2020 capture with units inside the values", () => {
  const fields: GpuField[] = [
    "name",
    "fan.speed",
    "memory.total",
    "memory.used",
    "utilization.gpu",
    "temperature.gpu",
    "power.draw",
    "clocks.current.graphics",
    "clocks.current.memory",
  ];
  const { devices, rejected } = parseGpuRows(
    fixtureText("gtx1080ti-gtx1060-2020-units-gpu.csv"),
    fields,
  );
  assert.equal(rejected, 0);
  assert.deepEqual(devices, [
    {
      localId: "index:0", // no index field: numbered by row
      vendor: "nvidia",
      deviceClass: "gpu",
      driver: "nvidia",
      name: "GeForce GTX 1080 Ti",
      fanPercent: 29, // 29 %
      memoryTotalBytes: 11717836800, // 11175 MiB
      memoryUsedBytes: 2994733056, // 2856 MiB
      utilizationPercent: 36, // 36 %
      temperatureCelsius: 60, // 60 (no unit)
      powerWatts: 106.56, // 106.56 W
      graphicsClockMHz: 1936, // 1936 MHz
      memoryClockMHz: 5508, // 5508 MHz
    },
    {
      localId: "index:1",
      vendor: "nvidia",
      deviceClass: "gpu",
      driver: "nvidia",
      name: "GeForce GTX 1060 6GB",
      fanPercent: 29,
      memoryTotalBytes: 6373244928, // 6078 MiB
      memoryUsedBytes: 4194304, // 4 MiB
      utilizationPercent: 0,
      temperatureCelsius: 49,
      powerWatts: 5.68,
      graphicsClockMHz: 139,
      memoryClockMHz: 405,
    },
  ]);
});
