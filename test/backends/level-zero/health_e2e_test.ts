/**
 * Level Zero's GPU-health fields end to end: gputop over the fake loader (healthy
 * `arc-discrete`, sick `arc-sick`) merged with the xe-discrete sysfs tree at the same PCI
 * address. Values are worked from the fake's constants (test/fakes/level-zero/fake_ze_loader.c):
 * RAS categories summed, throttle bits in the shared vocabulary, the link from
 * zesDevicePciGetState / GetProperties / GetStats, a REPLACE memory module as a failed
 * retirement.
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import {
  buildFakeZe,
  type FakeZeScenario,
  fakeZeTest,
} from "../../fakes/level-zero/build_fake_ze.ts";
import { fixtureRootArgs } from "../../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { cliSnapshot } from "../../support/snapshot_output.ts";

async function zeArgs(scenario: FakeZeScenario) {
  return {
    args: ["--backends", "level-zero,drm", ...fixtureRootArgs("xe-discrete")],
    env: { GPUTOP_ZE_LIB: await buildFakeZe(), FAKE_ZE_SCENARIO: scenario },
  };
}

async function snapshot(scenario: FakeZeScenario): Promise<Snapshot> {
  const { args, env } = await zeArgs(scenario);
  return await cliSnapshot(["snapshot", "--json", ...args], { env });
}

fakeZeTest("level-zero healthy board: RAS at zero, full link, no throttle → ok", async () => {
  const device = (await snapshot("arc-discrete")).devices[0]!;
  assert.deepEqual(device.eccErrors, {
    volatileCorrected: 0,
    volatileUncorrected: 0,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  });
  assert.equal(device.sources.eccErrors, "level-zero");
  assert.equal(device.pcieGeneration, 4);
  assert.equal(device.pcieWidth, 8);
  assert.equal(device.pcieGenerationMax, 4);
  assert.equal(device.pcieWidthMax, 8);
  assert.equal(device.sources.pcieWidthMax, "level-zero");
  assert.equal(device.pcieReplayCount, 0);
  assert.deepEqual(device.clockEventReasons, []);
  assert.equal(device.sources.clockEventReasons, "level-zero");
  assert.equal(device.retirementFailed, false);
  assert.equal(device.health, "ok");
  assert.deepEqual(device.healthReasons, []);
});

fakeZeTest("level-zero sick board: every finding read, health critical", async () => {
  const device = (await snapshot("arc-sick")).devices[0]!;
  // Correctable set: compute 2 + cache 3; uncorrectable set: compute 1 + non-compute 1.
  assert.deepEqual(device.eccErrors, {
    volatileCorrected: 5,
    volatileUncorrected: 2,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  });
  assert.equal(device.pcieWidth, 4);
  assert.equal(device.pcieWidthMax, 8);
  assert.equal(device.pcieReplayCount, 17);
  // AVE_PWR_CAP | THERMAL_LIMIT | an unnamed bit 0x80.
  assert.deepEqual(device.clockEventReasons, ["power-cap", "thermal", "other"]);
  assert.equal(device.retirementFailed, true, "a module asks to be replaced");
  assert.equal(device.health, "critical");
  assert.deepEqual(device.healthReasons, [
    "2 uncorrected ECC errors since the driver loaded",
    "memory retirement failed: replace the board",
    "PCIe link x4 of x8",
    "clocks held down: thermal",
  ]);
});

async function checkHealthy(scenario: FakeZeScenario) {
  const { args, env } = await zeArgs(scenario);
  const result = await runCli(["check", ...args, "--healthy", "--json"], { env });
  return { result, report: parseJsonOutput(result) as { pass: boolean; exitCode: number } };
}

fakeZeTest(
  "level-zero check --healthy: passes on the healthy board, exit 1 on the sick",
  async () => {
    const healthy = await checkHealthy("arc-discrete");
    assert.equal(healthy.result.code, 0, healthy.result.stdout + healthy.result.stderr);
    assert.equal(healthy.report.pass, true);
    const sick = await checkHealthy("arc-sick");
    assert.equal(sick.result.code, 1, sick.result.stdout + sick.result.stderr);
    assert.equal(sick.report.pass, false);
  },
);
