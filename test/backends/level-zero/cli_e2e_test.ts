/**
 * gputop run as a user runs it, with GPUTOP_ZE_LIB pointing at the fake loader and the DRM
 * fixture trees whose card sits at the same PCI address: the two backends' views of one
 * card merge into one device, Level Zero's values winning by registry order, sysfs and
 * fdinfo filling what Level Zero lacks. Expected values are worked by hand from the fake's
 * constants (test/fakes/level-zero/fake_ze_loader.c) and the fixtures (fixtures/linux/).
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import {
  buildFakeZe,
  type FakeZeScenario,
  fakeZeTest,
} from "../../fakes/level-zero/build_fake_ze.ts";
import { fixtureRootArgs, type Scenario } from "../../linux/sysfs/fixture_tree.ts";
import { runCli } from "../../support/run_cli.ts";
import { cliSnapshot } from "../../support/snapshot_output.ts";

const GIB = 1073741824;

async function gputop(
  fixture: Scenario,
  scenario: FakeZeScenario,
  extra: string[] = [],
): Promise<Snapshot> {
  const args = ["--backends", "level-zero,drm", ...fixtureRootArgs(fixture), ...extra];
  return await cliSnapshot(["snapshot", "--json", ...args], {
    env: { GPUTOP_ZE_LIB: await buildFakeZe(), FAKE_ZE_SCENARIO: scenario },
  });
}

fakeZeTest(
  "xe-discrete + fake Arc card: one device, Level Zero values, sysfs for the rest",
  async () => {
    const snapshot = await gputop("xe-discrete", "arc-discrete", ["--sample-window", "20ms"]);
    const status = snapshot.backends.find((b) => b.id === "level-zero");
    assert.equal(status?.status, "ok");
    assert.equal(status?.version, "API 1.4, loader 1.8.12");
    assert.equal(snapshot.devices.length, 1, "both backends' 0000:03:00.0 merge into one");
    const device = snapshot.devices[0]!;
    assert.equal(device.id, "0000:03:00.0");
    // Level Zero wins what it knows (registry order: level-zero before drm).
    assert.equal(device.name, "Intel(R) Arc(TM) B580 Graphics");
    assert.equal(device.sources.name, "level-zero");
    assert.equal(device.uuid, "10111213-1415-1617-1819-1a1b1c1d1e1f");
    // 2 × 6 GiB modules = 12 GiB (the fixture's sysfs says 12884901888 too); used 1 + 1.5 GiB.
    assert.equal(device.memoryTotalBytes, 12 * GIB);
    assert.equal(device.memoryUsedBytes, 2684354560);
    assert.equal(device.sources.memoryUsedBytes, "level-zero");
    assert.equal(device.utilizationPercent, 60);
    assert.deepEqual(device.engines, { render: 40, compute: 55, copy: 10, video: 20 });
    assert.equal(device.sources.engines, "level-zero"); // DRM has no engine figures here
    // Level Zero's sensors replace hwmon's pkg 48 / vram 52 as a whole map.
    assert.deepEqual(device.temperaturesCelsius, { global: 62.5, gpu: 61.5, memory: 54 });
    assert.equal(device.powerWatts, 85);
    assert.equal(device.powerLimitWatts, 190);
    assert.equal(device.graphicsClockMHz, 2450); // Level Zero's 2450 over sysfs's 2350
    // What only sysfs knows stays sysfs's.
    assert.equal(device.driver, "xe");
    assert.equal(device.sources.driver, "drm");
    assert.equal(device.runtimeStatus, "active");
    assert.equal(device.sources.runtimeStatus, "drm");

    const byPid = new Map(snapshot.processes.map((p) => [p.pid, p]));
    assert.deepEqual([...byPid.keys()].sort(), [4242, 5151]);
    const vkcube = byPid.get(4242)!;
    // Level Zero's row (300 MiB = 314572800) wins; fdinfo fills the regions, /proc the name.
    assert.equal(vkcube.source, "level-zero");
    assert.equal(vkcube.gpuMemoryBytes, 314572800);
    assert.equal(vkcube.type, "graphics");
    assert.equal(vkcube.name, "vkcube");
    assert.deepEqual(vkcube.memoryByRegion, { system: 0, gtt: 196608, vram0: 24567808, stolen: 0 });
    const compute = byPid.get(5151)!;
    assert.equal(compute.gpuMemoryBytes, GIB);
    assert.equal(compute.type, "compute");
    assert.equal(compute.deviceId, "0000:03:00.0");
  },
);

fakeZeTest("i915-integrated + fake integrated part: memory left to sysfs", async () => {
  const snapshot = await gputop("i915-integrated", "integrated");
  assert.equal(snapshot.devices.length, 1);
  const device = snapshot.devices[0]!;
  assert.equal(device.id, "0000:00:02.0");
  assert.equal(device.name, "Intel(R) Iris(R) Xe Graphics");
  assert.equal(device.memoryShared, true);
  assert.equal(device.memoryTotalBytes, null); // no module, and i915 sysfs has none either
  assert.equal(device.sources.memoryTotalBytes, undefined);
  assert.equal(device.graphicsClockMHz, 800); // Level Zero's actual over sysfs's 350
  assert.equal(device.graphicsClockMaxMHz, 1300);
  // DRM's processes of the same card are still listed (Level Zero reports none here).
  assert.deepEqual(snapshot.processes.map((p) => [p.pid, p.source]).sort(), [
    [1500, "drm"],
    [7296, "drm"],
  ]);
});

fakeZeTest("lazy init through the CLI: the same values with the library re-opened", async () => {
  const snapshot = await gputop("xe-discrete", "arc-discrete", [
    "--lazy-init",
    "--sample-window",
    "20ms",
  ]);
  const device = snapshot.devices[0]!;
  assert.equal(device.utilizationPercent, 60);
  assert.equal(device.powerWatts, 85);
});

fakeZeTest(
  "gputop backends shows the level-zero row with library path and API version",
  async () => {
    const path = await buildFakeZe();
    const result = await runCli(["backends", "--backends", "level-zero"], {
      env: { GPUTOP_ZE_LIB: path, FAKE_ZE_SCENARIO: "arc-discrete" },
    });
    assert.equal(result.code, 0, result.stderr);
    const row = result.stdout.split("\n").find((line) => line.startsWith("level-zero"));
    assert.ok(row);
    // The table shortens a long path; the JSON below has it whole.
    // Level Zero runs in a library session: the row names the mode.
    assert.match(row, /^level-zero\s+ok\s+\S+\s+API 1\.4, loader 1\.8\.12\s+persistent library/);
    const json = await runCli(["backends", "--json", "--backends", "level-zero"], {
      env: { GPUTOP_ZE_LIB: path, FAKE_ZE_SCENARIO: "arc-discrete" },
    });
    type Row = { id: string; library: string | null; detail: string | null };
    const statuses = JSON.parse(json.stdout) as Row[];
    assert.equal(statuses.find((s) => s.id === "level-zero")?.library, path);
    assert.equal(
      statuses.find((s) => s.id === "level-zero")?.detail,
      "persistent library session (initialised once, shut down at exit; " +
        "--lazy-init for one per sample)",
    );
    const lazy = await runCli(["backends", "--json", "--lazy-init", "--backends", "level-zero"], {
      env: { GPUTOP_ZE_LIB: path, FAKE_ZE_SCENARIO: "arc-discrete" },
    });
    assert.equal(
      (JSON.parse(lazy.stdout) as Row[]).find((s) => s.id === "level-zero")?.detail,
      "lazy library sessions (initialised and shut down for every sample)",
    );
  },
);

fakeZeTest("gputop backends: a failing driver init names the code", async () => {
  const result = await runCli(["backends", "--backends", "level-zero"], {
    env: { GPUTOP_ZE_LIB: await buildFakeZe(), FAKE_ZE_SCENARIO: "init-fails" },
  });
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /level-zero\s+unavailable.*ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE/);
});
