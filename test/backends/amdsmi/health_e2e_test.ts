/**
 * AMD SMI's GPU health end to end through the CLI, over the fake's healthy (`mi300`) and sick
 * (`mi300-sick`, GPU 1 at 0001:83:00.0) MI300X boards: every health field in `--json` (checked
 * against `gputop schema`), `sources` naming amdsmi, the health rule's verdict and reasons,
 * the check gates passing on healthy and failing on sick, and the serve metrics. Expected
 * values are worked by hand from the fake's scenario (test/fakes/amdsmi/fake_amdsmi.c):
 * 2 uncorrected and 5 corrected ECC errors; bad pages 3 reserved, 1 pending, 1 unreservable;
 * a link x8 at 32000 MT/s (Gen 5) of x16 at 32000 MT/s; 12 replays.
 */
import assert from "node:assert/strict";
import {
  buildFakeAmdsmi,
  type FakeAmdsmiScenario,
  GENERATION_VARIANTS,
} from "../../fakes/amdsmi/build_fake.ts";
import { procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { schemaValidator } from "../../support/schema_validator.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { assertDeviceSeries, startServe } from "../../serve/serve_process.ts";
import { fakeAmdsmiTest } from "./_support.ts";
import { HEALTH_KEYS, healthOf } from "../../support/health_fields.ts";
import { MI300_HEALTHY, MI300_SICK } from "./expected.ts";

// The backend's readings (worked from the fake in expected.ts), then what the rule adds.
const HEALTHY = {
  ...MI300_HEALTHY,
  clockEventReasons: null, // AMD SMI is not asked for clock reasons
  health: "ok",
  healthReasons: [],
};

const SICK = {
  ...HEALTHY,
  ...MI300_SICK,
  health: "critical",
  healthReasons: [
    "2 uncorrected ECC errors since the driver loaded",
    "memory retirement pending: reset the GPU",
    "memory retirement failed: replace the board",
    "PCIe link x8 of x16",
  ],
};

/** AMD SMI alone (no sysfs backend), over the amdgpu fixture's /sys and /proc. */
async function fakeArgs(scenario: FakeAmdsmiScenario, variant = "a70" as const) {
  return {
    args: [
      "--backends",
      "amdsmi",
      "--sys-root",
      sysRootOf("amdgpu-discrete"),
      "--proc-root",
      procRootOf("amdgpu-discrete"),
    ],
    env: { GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi(variant), FAKE_AMDSMI_SCENARIO: scenario },
  };
}

for (const variant of GENERATION_VARIANTS) {
  fakeAmdsmiTest(`${variant}: AMD SMI health in --json, valid against gputop schema`, async () => {
    const { args, env } = await fakeArgs("mi300-sick", variant as "a70");
    const result = await runCli(["--json", ...args], { env });
    assert.equal(result.code, 0, result.stderr);
    const validation = (await schemaValidator())(parseJsonOutput(result));
    assert.ok(validation.ok, validation.errors);
    const [gpu0, gpu1] = snapshotOutput(result).devices;
    assert.equal(gpu0?.id, "0000:03:00.0");
    assert.deepEqual(healthOf(gpu0), HEALTHY);
    assert.equal(gpu1?.id, "0001:83:00.0");
    assert.deepEqual(healthOf(gpu1), SICK);
    for (const key of HEALTH_KEYS.slice(0, 10)) {
      assert.equal(gpu1?.sources[key], "amdsmi", key);
    }
  });
}

fakeAmdsmiTest("AMD SMI health: the healthy board is ok on both GPUs", async () => {
  const { args, env } = await fakeArgs("mi300");
  const result = await runCli(["--json", ...args], { env });
  const devices = snapshotOutput(result).devices;
  assert.deepEqual(devices.map(healthOf), [HEALTHY, HEALTHY]);
});

fakeAmdsmiTest(
  "AMD SMI over amdgpu sysfs at the same address: the link from sysfs, replays from AMD SMI",
  async () => {
    const { args, env } = await fakeArgs("radeon");
    args[1] = "amdsmi,drm";
    const [device] = snapshotOutput(await runCli(["--json", ...args], { env })).devices;
    // AMD SMI says x16 at 2500 MT/s (Gen 1) of x16 Gen 4; the captured Vega's sysfs says
    // 8.0 GT/s (Gen 3) x16 for both current and max. For an AMD GPU the link comes from sysfs
    // first (the board's link, src/model/field_precedence.ts); the replays only AMD SMI knows.
    assert.equal(device?.pcieGeneration, 3);
    assert.equal(device?.pcieGenerationMax, 3);
    assert.equal(device?.sources.pcieGenerationMax, "drm");
    assert.equal(device?.sources.pcieWidth, "drm");
    assert.equal(device?.pcieReplayCount, 0);
    assert.equal(device?.sources.pcieReplayCount, "amdsmi");
    // No RAS on the desktop board, none in the captured sysfs: unknown, not 0.
    assert.equal(device?.eccErrors, null);
    assert.equal(device?.retiredPages, null);
    assert.equal(device?.health, "ok");
    assert.deepEqual(device?.healthReasons, []);
  },
);

interface Report {
  pass: boolean;
  exitCode: number;
  assertions: {
    assertion: string;
    pass: boolean;
    observed: { deviceIndex: number | null; value: unknown; shown: string; pass: boolean }[];
  }[];
}

const GATES = ["--max-ecc-errors", "0", "--max-retired-pages", "0", "--pcie-full-width"];

async function check(scenario: FakeAmdsmiScenario, gates: string[]): Promise<Report> {
  const { args, env } = await fakeArgs(scenario);
  const result = await runCli(["check", ...args, ...gates, "--json"], { env });
  const report = parseJsonOutput(result) as Report;
  assert.equal(result.code, report.exitCode, result.stderr);
  return report;
}

fakeAmdsmiTest("check health gates pass on the healthy AMD board", async () => {
  const report = await check("mi300", ["--healthy-strict", ...GATES]);
  assert.equal(report.exitCode, 0, JSON.stringify(report));
  assert.deepEqual(report.assertions.map((a) => [a.assertion, a.pass]), [
    ["--healthy-strict", true],
    ["--max-ecc-errors 0", true],
    ["--max-retired-pages 0", true],
    ["--pcie-full-width", true],
  ]);
});

fakeAmdsmiTest("check health gates fail on the sick AMD board, naming GPU 1", async () => {
  const report = await check("mi300-sick", ["--healthy", ...GATES]);
  assert.equal(report.exitCode, 1);
  const observed = (gate: number) =>
    report.assertions[gate]?.observed.map((o) => [o.deviceIndex, o.value, o.pass]);
  assert.deepEqual(observed(0), [[0, "ok", true], [1, "critical", false]]);
  assert.deepEqual(observed(1), [[0, 0, true], [1, 2, false]]); // volatile uncorrected
  assert.deepEqual(observed(2), [[0, 0, true], [1, 3, false]]); // reserved pages
  assert.equal(report.assertions[3]?.observed[1]?.shown, "x8 of x16 (limit: the max width)");
  assert.equal(report.assertions[3]?.observed[1]?.pass, false);
});

fakeAmdsmiTest("gputop serve carries the sick AMD board's health", async () => {
  const { args, env } = await fakeArgs("mi300-sick");
  const serve = await startServe(["--interval", "100ms", ...args], env);
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assertDeviceSeries(text, 1, [
      ["gputop_device_pcie_link_width", 'bound="current"', "8"],
      ["gputop_device_pcie_link_width", 'bound="max"', "16"],
      ["gputop_device_pcie_link_generation", 'bound="max"', "5"],
      ["gputop_device_ecc_errors", 'type="uncorrected",counter="volatile"', "2"],
      ["gputop_device_ecc_errors", 'type="corrected",counter="volatile"', "5"],
      ["gputop_device_retired_pages", "", "3"],
      ["gputop_device_health", 'gputop_device_health="critical"', "1"],
      ["gputop_device_health", 'gputop_device_health="ok"', "0"],
    ]);
  } finally {
    const { code } = await serve.stop();
    assert.equal(code, 143);
  }
});
