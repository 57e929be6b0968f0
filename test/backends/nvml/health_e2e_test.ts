/**
 * NVML's GPU health end to end through the CLI, over the fake's healthy and sick boards
 * (test/fakes/nvml/fake_nvml_health.c): every health field, the health rule's verdict,
 * `check --healthy` failing on the sick board and passing on the healthy one, the serve
 * metrics, and a consumer board (NOT_SUPPORTED everywhere) leaving every field null.
 */
import assert from "node:assert/strict";
import type { Device } from "../../../src/model/types.ts";
import { buildFakeNvml, fakeNvmlEnv } from "../../fakes/nvml/build_fake_nvml.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { runCliOnFakeNvml } from "../../support/fake_nvml_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { assertDeviceSeries, startServe } from "../../serve/serve_process.ts";
import { fakeNvmlTest } from "./_support.ts";
import { HEALTH_KEYS, healthOf } from "../../support/health_fields.ts";

/** GPU 1 in both scenarios: the pre-Ampere path (retired pages), aggregate ECC unsupported. */
const GPU1_SOUND = {
  pcieGeneration: 3,
  pcieWidth: 8,
  pcieGenerationMax: 4,
  pcieWidthMax: 8,
  pcieReplayCount: 0,
  eccEnabled: true,
  eccErrors: {
    volatileCorrected: 0,
    volatileUncorrected: 0,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  },
  retiredPages: 1,
  retirementPending: false,
  retirementFailed: null,
  clockEventReasons: [],
  health: "ok",
  healthReasons: [],
};

async function devices(scenario: "healthy" | "sick" | "two-gpus"): Promise<Device[]> {
  const result = await runCliOnFakeNvml(["--json"], scenario);
  assert.equal(result.code, 0, result.stderr);
  return snapshotOutput(result).devices;
}

fakeNvmlTest("NVML health: the sick board's fields, and critical with every reason", async () => {
  const [gpu0, gpu1] = await devices("sick");
  assert.deepEqual(healthOf(gpu0!), {
    pcieGeneration: 4,
    pcieWidth: 8,
    pcieGenerationMax: 4,
    pcieWidthMax: 16,
    pcieReplayCount: 7,
    eccEnabled: true,
    eccErrors: {
      volatileCorrected: 5,
      volatileUncorrected: 2,
      aggregateCorrected: 40,
      aggregateUncorrected: 3,
    },
    retiredPages: 3, // 1 corrected + 2 uncorrected remapped rows
    retirementPending: true,
    retirementFailed: false,
    clockEventReasons: ["power-cap", "thermal", "other"], // bit 0x400 has no name
    health: "critical",
    healthReasons: [
      "2 uncorrected ECC errors since the driver loaded",
      "memory retirement pending: reset the GPU",
      "PCIe link x8 of x16",
      "clocks held down: thermal",
    ],
  });
  assert.deepEqual(healthOf(gpu1!), GPU1_SOUND);
  assert.equal(gpu0!.sources.eccErrors, "nvml");
  assert.equal(gpu0!.sources.clockEventReasons, "nvml");
  assert.equal(gpu0!.error, null);
});

fakeNvmlTest("NVML health: the healthy board is ok on both GPUs", async () => {
  const [gpu0, gpu1] = await devices("healthy");
  assert.deepEqual(healthOf(gpu0!), {
    pcieGeneration: 4,
    pcieWidth: 16,
    pcieGenerationMax: 4,
    pcieWidthMax: 16,
    pcieReplayCount: 0,
    eccEnabled: true,
    eccErrors: {
      volatileCorrected: 0,
      volatileUncorrected: 0,
      aggregateCorrected: 12,
      aggregateUncorrected: 0,
    },
    retiredPages: 0,
    retirementPending: false,
    retirementFailed: false,
    clockEventReasons: ["idle"],
    health: "ok",
    healthReasons: [],
  });
  assert.deepEqual(healthOf(gpu1!), GPU1_SOUND);
});

fakeNvmlTest("NVML health: NOT_SUPPORTED on every health call leaves each field null", async () => {
  for (const device of await devices("two-gpus")) {
    for (const key of HEALTH_KEYS.slice(2)) assert.equal(device[key], null, key);
    assert.equal(device.error, null);
  }
});

fakeNvmlTest(
  "NVML health: clock reasons through the older name on drivers before R535",
  async () => {
    const result = await runCli(["--json", "--backends", "nvml"], {
      env: {
        GPUTOP_NVML_LIB: await buildFakeNvml("no-event-reasons"),
        FAKE_NVML_SCENARIO: "sick",
      },
    });
    assert.equal(result.code, 0, result.stderr);
    const [gpu0] = snapshotOutput(result).devices;
    assert.deepEqual(gpu0!.clockEventReasons, ["power-cap", "thermal", "other"]);
  },
);

interface CheckReport {
  pass: boolean;
  exitCode: number;
  assertions: { assertion: string; observed: { deviceIndex: number; value: unknown }[] }[];
}

fakeNvmlTest("check --healthy fails on the sick NVML board, naming GPU 0 and why", async () => {
  const text = await runCliOnFakeNvml(["check", "--healthy"], "sick");
  assert.equal(text.code, 1, text.stderr);
  assert.match(
    text.stdout,
    /^--healthy\s+0\s+critical \(limit: ok or warning\): 2 uncorrected ECC errors.*FAIL$/m,
  );
  assert.match(text.stdout, /^--healthy\s+1\s+ok\s+PASS$/m);
  const json = parseJsonOutput(
    await runCliOnFakeNvml(["check", "--healthy", "--json"], "sick"),
  ) as CheckReport;
  assert.equal(json.exitCode, 1);
  assert.deepEqual(
    json.assertions[0]!.observed.map(({ deviceIndex, value }) => [deviceIndex, value]),
    [[0, "critical"], [1, "ok"]],
  );
});

fakeNvmlTest(
  "check --healthy-strict, --max-ecc-errors, --pcie-full-width pass on the healthy NVML board",
  async () => {
    const gates = ["--healthy-strict", "--max-ecc-errors", "0", "--max-retired-pages", "1"];
    const result = await runCliOnFakeNvml(["check", ...gates, "--pcie-full-width"], "healthy");
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /check: PASS/);
  },
);

fakeNvmlTest("gputop serve carries the sick NVML board's health", async () => {
  const serve = await startServe(
    ["--interval", "100ms", "--backends", "nvml"],
    await fakeNvmlEnv("sick"),
  );
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assertDeviceSeries(text, 0, [
      ["gputop_device_pcie_link_width", 'bound="current"', "8"],
      ["gputop_device_pcie_link_width", 'bound="max"', "16"],
      ["gputop_device_pcie_link_generation", 'bound="max"', "4"],
      ["gputop_device_ecc_errors", 'type="uncorrected",counter="volatile"', "2"],
      ["gputop_device_ecc_errors", 'type="corrected",counter="aggregate"', "40"],
      ["gputop_device_retired_pages", "", "3"],
      ["gputop_device_clock_event_reason", 'reason="thermal"', "1"],
      ["gputop_device_clock_event_reason", 'reason="idle"', "0"],
      ["gputop_device_health", 'gputop_device_health="critical"', "1"],
    ]);
  } finally {
    const { code } = await serve.stop();
    assert.equal(code, 143);
  }
});
