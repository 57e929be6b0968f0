import assert from "node:assert/strict";
import { GPU_QUERY_FIELDS, nvidiaBusId } from "../../../src/render/nvsmi_query/gpu_fields.ts";
import { gpuQueryRows, renderQueryCsv } from "../../../src/render/nvsmi_query/query_csv.ts";
import { resolveQueryFields } from "../../../src/render/nvsmi_query/resolve_fields.ts";
import { makeDevice, makeSnapshot } from "../snapshot_builder.ts";

Deno.test("nvidiaBusId: 8-digit domain, upper case, as nvidia-smi prints pci.bus_id", () => {
  assert.equal(nvidiaBusId("0000:1b:00.0"), "00000000:1B:00.0");
  assert.equal(nvidiaBusId("0001:c1:1f.7"), "00000001:C1:1F.7");
  assert.equal(nvidiaBusId(null), null);
  assert.equal(nvidiaBusId("macmon:apple-gpu-0"), null);
});

Deno.test("the issue's fields are all there (and nvidia-smi's aliases for them)", () => {
  const names = GPU_QUERY_FIELDS.flatMap((field) => [field.name, ...field.aliases]);
  for (
    const name of [
      "index",
      "name",
      "gpu_name",
      "uuid",
      "pci.bus_id",
      "gpu_bus_id",
      "driver_version",
      "memory.total",
      "memory.used",
      "memory.free",
      "utilization.gpu",
      "utilization.memory",
      "temperature.gpu",
      "power.draw",
      "power.limit",
      "clocks.gr",
      "clocks.mem",
      "clocks.max.gr",
      "clocks.max.mem",
      "fan.speed",
      "pstate",
      "pcie.link.gen.current",
      "pcie.link.gen.max",
      "pcie.link.width.current",
      "pcie.link.width.max",
      "ecc.errors.uncorrected.volatile.total",
      "ecc.errors.corrected.volatile.total",
      "clocks_event_reasons.active",
      "clocks_throttle_reasons.active",
      "mig.mode.current",
      "timestamp",
    ]
  ) assert.ok(names.includes(name), name);
});

Deno.test("a device's values in nvidia-smi's text; what it lacks is [N/A]", () => {
  const device = makeDevice({
    index: 1,
    name: "AMD Radeon RX 7900 XTX",
    pciBusId: "0000:03:00.0",
    memoryTotalBytes: 8573157376,
    memoryUsedBytes: 1490378752,
    utilizationPercent: 12.4,
    temperatureCelsius: 49,
    powerWatts: 11,
    graphicsClockMHz: 500,
    fanPercent: 29.8,
    migMode: null,
  });
  const list = "index,name,pci.bus_id,memory.total,memory.used,utilization.gpu,temperature.gpu," +
    "power.draw,clocks.gr,fan.speed,pstate,mig.mode.current,pcie.link.gen.max,ecc.errors.corrected.volatile.total";
  const resolved = resolveQueryFields(list, GPU_QUERY_FIELDS);
  assert.ok(resolved.ok);
  const rows = gpuQueryRows(makeSnapshot({ devices: [device] }));
  assert.equal(
    renderQueryCsv(rows, resolved.fields, { header: false, units: true }),
    "1, AMD Radeon RX 7900 XTX, 00000000:03:00.0, 8176 MiB, 1421 MiB, 12 %, 49, 11.00 W, " +
      "500 MHz, 30 %, [N/A], [N/A], [N/A], [N/A]\n",
  );
});

Deno.test("fields the model does not have yet are valid and always [N/A]", () => {
  const full = makeDevice({ pcieGeneration: 4, pcieWidth: 16, migMode: true });
  const row = { device: full, timestamp: "2026-01-01T00:00:00.000Z" };
  for (
    const name of [
      "pcie.link.gen.max",
      "pcie.link.width.max",
      "ecc.errors.corrected.volatile.total",
      "ecc.errors.uncorrected.volatile.total",
      "clocks_event_reasons.active",
    ]
  ) {
    const field = GPU_QUERY_FIELDS.find((candidate) => candidate.name === name);
    assert.equal(field?.value(row), null, name);
  }
});
