import assert from "node:assert/strict";
import { type ExpositionOptions, renderExposition } from "../../src/render/prometheus.ts";
import { testWithProgram } from "../support/require_program.ts";
import { makeDevice, makeSnapshot } from "./snapshot_builder.ts";

const OPTIONS: ExpositionOptions = {
  openMetrics: false,
  processMetrics: false,
  maxProcessSeries: 200,
  sampleDurationSeconds: 0.012,
  version: "0.1.0",
  denoVersion: "2.9.6",
};

const SICK = makeDevice({
  index: 0,
  name: "AMD Instinct MI210",
  uuid: null,
  pciBusId: "0000:03:00.0",
  vendor: "amd",
  pcieGeneration: 4,
  pcieGenerationMax: 4,
  pcieWidth: 8,
  pcieWidthMax: 16,
  eccErrors: {
    volatileCorrected: 40,
    volatileUncorrected: 2,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  },
  retiredPages: 3,
  clockEventReasons: ["thermal"],
  health: "critical",
  healthReasons: ["2 uncorrected ECC errors since the driver loaded", "PCIe link x8 of x16"],
});

const LABELS = 'index="0",uuid="",pci_bus_id="0000:03:00.0",name="AMD Instinct MI210",vendor="amd"';

function seriesOf(text: string, family: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${family}{`));
}

Deno.test("serve: PCIe link, ECC, retired pages, clock reasons and health series", () => {
  const text = renderExposition(makeSnapshot({ devices: [SICK] }), OPTIONS);
  assert.deepEqual(seriesOf(text, "gputop_device_pcie_link_width"), [
    `gputop_device_pcie_link_width{${LABELS},bound="current"} 8`,
    `gputop_device_pcie_link_width{${LABELS},bound="max"} 16`,
  ]);
  assert.equal(seriesOf(text, "gputop_device_pcie_link_generation").length, 2);
  // Aggregate counts are unknown: their series are left out.
  assert.deepEqual(seriesOf(text, "gputop_device_ecc_errors"), [
    `gputop_device_ecc_errors{${LABELS},type="corrected",counter="volatile"} 40`,
    `gputop_device_ecc_errors{${LABELS},type="uncorrected",counter="volatile"} 2`,
  ]);
  assert.deepEqual(seriesOf(text, "gputop_device_retired_pages"), [
    `gputop_device_retired_pages{${LABELS}} 3`,
  ]);
  const reasons = seriesOf(text, "gputop_device_clock_event_reason");
  assert.equal(reasons.length, 10); // one per vocabulary word
  assert.ok(reasons.includes(`gputop_device_clock_event_reason{${LABELS},reason="thermal"} 1`));
  assert.ok(reasons.includes(`gputop_device_clock_event_reason{${LABELS},reason="idle"} 0`));
  assert.ok(text.includes("# TYPE gputop_device_health gauge\n"));
  assert.deepEqual(seriesOf(text, "gputop_device_health"), [
    `gputop_device_health{${LABELS},gputop_device_health="ok"} 0`,
    `gputop_device_health{${LABELS},gputop_device_health="warning"} 0`,
    `gputop_device_health{${LABELS},gputop_device_health="critical"} 1`,
  ]);
});

Deno.test("serve: health is a stateset in OpenMetrics; unknown health fields give no series", () => {
  const open = renderExposition(makeSnapshot({ devices: [SICK] }), {
    ...OPTIONS,
    openMetrics: true,
  });
  assert.ok(open.includes("# TYPE gputop_device_health stateset\n"));
  const unknown = renderExposition(makeSnapshot({ devices: [makeDevice({})] }), OPTIONS);
  for (const family of ["pcie_link", "ecc_errors", "retired_pages", "clock_event", "health"]) {
    assert.ok(!unknown.includes(`gputop_device_${family}`), family);
  }
});

testWithProgram(
  "promtool",
  "promtool check metrics accepts the health families",
  async (promtool) => {
    const child = new Deno.Command(promtool, {
      args: ["check", "metrics"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(renderExposition(makeSnapshot({ devices: [SICK] }), OPTIONS)),
    );
    await writer.close();
    const result = await child.output();
    const output = new TextDecoder().decode(result.stdout) +
      new TextDecoder().decode(result.stderr);
    assert.equal(result.code, 0, output);
    assert.equal(output.trim(), "", `promtool found lint problems:\n${output}`);
  },
);
