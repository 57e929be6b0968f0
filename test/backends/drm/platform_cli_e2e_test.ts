/**
 * gputop as a user runs it on a SoC board: `--backends drm` over the platform-bus scenarios
 * (one sample; engine % over two samples is proven in platform_test.ts with an injected
 * clock). The fdinfo texts are the real captures; devices, devfreq and thermal values are
 * invented (fixtures/linux/README-platform.md).
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import { runCli } from "../../support/run_cli.ts";
import { cliSnapshot, snapshotOutput } from "../../support/snapshot_output.ts";
import {
  drmFixtureArgs,
  PLATFORM_SCENARIOS,
  type PlatformScenario,
} from "../../linux/sysfs/fixture_tree.ts";

async function snapshotOf(scenario: PlatformScenario): Promise<Snapshot> {
  return await cliSnapshot(["--json", ...drmFixtureArgs(scenario)]);
}

/** id, vendor, name, driver, MHz, °C, and each process's pid, device id and bytes. */
const EXPECTED: Record<PlatformScenario, unknown> = {
  "panfrost-rk3399": {
    devices: [["ff9a0000.gpu", "arm", "Arm Mali rockchip,rk3399-mali", "panfrost", 800, 43.75]],
    // drm-resident-memory 36496 KiB × 1024
    processes: [[3300, "glmark2-es2-drm", "ff9a0000.gpu", 37371904]],
  },
  "panthor-rk3588": {
    devices: [["fb000000.gpu", "arm", "Arm Mali rockchip,rk3588-mali", "panthor", 1000, 39.8]],
    // drm-resident-memory 16480 KiB × 1024
    processes: [[3500, "vkcube", "fb000000.gpu", 16875520]],
  },
  "v3d-rpi4": {
    devices: [[
      "fec00000.v3d",
      "broadcom",
      "Broadcom VideoCore brcm,2711-v3d",
      "v3d",
      null,
      null,
    ]],
    processes: [[1140, "computecloth", "fec00000.v3d", null]], // v3d prints no memory
  },
  "msm-sc7180": {
    devices: [[
      "ae01000.display-controller",
      "qualcomm",
      "Qualcomm Adreno qcom,sc7180-dpu",
      "msm",
      null,
      44.9, // hotter of gpuss0 44100 and gpuss1 44900 m°C
    ]],
    processes: [[2100, "glmark2", "ae01000.display-controller", null]],
  },
};

for (const scenario of PLATFORM_SCENARIOS) {
  Deno.test(`gputop --json --backends drm on ${scenario}`, async () => {
    const snapshot = await snapshotOf(scenario);
    assert.equal(snapshot.backends.find((b) => b.id === "drm")?.status, "ok");
    assert.deepEqual({
      devices: snapshot.devices.map((d) => [
        d.id,
        d.vendor,
        d.name,
        d.driver,
        d.graphicsClockMHz,
        d.temperatureCelsius,
      ]),
      processes: snapshot.processes.map((p) => [p.pid, p.name, p.deviceId, p.gpuMemoryBytes]),
    }, EXPECTED[scenario]);
    for (const device of snapshot.devices) {
      assert.equal(device.memoryShared, true);
      assert.equal(device.pciBusId, null);
      assert.equal(device.memoryTotalBytes, null); // unified memory: not the GPU's to report
    }
  });
}

Deno.test("the table shows the SoC GPU and its process by name", async () => {
  const result = await runCli(["--no-color", ...drmFixtureArgs("panfrost-rk3399")]);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /Arm Mali rockchip,rk3399-mali/);
  assert.match(result.stdout, /glmark2-es2-drm/);
  assert.doesNotMatch(result.stdout, /weston/); // its card is display-only
});

Deno.test("-i selects a SoC GPU by its id", async () => {
  const panthor = drmFixtureArgs("panthor-rk3588");
  const result = await runCli(["--json", "-i", "fb000000.gpu", ...panthor]);
  assert.equal(result.code, 0, result.stderr);
  const snapshot = snapshotOutput(result);
  assert.deepEqual(snapshot.devices.map((d) => d.id), ["fb000000.gpu"]);
});

Deno.test("--sample-window on an idle v3d tree: every class 0 %, named as in README", async () => {
  // Both samples read the same files, so every counter's Δ is 0: known idle, not null.
  const v3d = drmFixtureArgs("v3d-rpi4");
  const result = await runCli(["--json", "--sample-window", "100ms", ...v3d]);
  assert.equal(result.code, 0, result.stderr);
  const snapshot = snapshotOutput(result);
  const idle = { bin: 0, render: 0, copy: 0, compute: 0, "cache_clean": 0 };
  assert.deepEqual(snapshot.processes.map((p) => [p.pid, p.engines]), [[1140, idle]]);
  assert.deepEqual(snapshot.devices[0]?.engines, idle);
  assert.equal(snapshot.devices[0]?.utilizationPercent, 0);
  assert.equal(snapshot.devices[0]?.utilizationSource, "processes");
});
