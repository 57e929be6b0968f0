/**
 * The GPU-health fields sysfs knows, end to end through the CLI (`--backends drm`) over
 * scratch copies of the fixture trees with trouble written into them (sick_trees.ts).
 */
import assert from "node:assert/strict";
import { cliSnapshot } from "../../support/snapshot_output.ts";
import { drmFixtureArgs } from "../../linux/sysfs/fixture_tree.ts";
import { sickAmdgpu, type SickTree, throttledI915, throttledXe } from "./sick_trees.ts";

async function deviceOf(tree: SickTree) {
  try {
    const snapshot = await cliSnapshot(["--json", ...tree.args]);
    assert.equal(snapshot.devices.length, 1);
    return snapshot.devices[0]!;
  } finally {
    tree.dispose();
  }
}

Deno.test("drm e2e: the captured Vega link (8.0 GT/s x16) is current and max, from drm", async () => {
  const [device] = (await cliSnapshot(["--json", ...drmFixtureArgs("amdgpu-discrete")])).devices;
  assert.equal(device?.pcieGeneration, 3);
  assert.equal(device?.pcieWidth, 16);
  assert.equal(device?.pcieGenerationMax, 3);
  assert.equal(device?.pcieWidthMax, 16);
  assert.equal(device?.sources.pcieWidthMax, "drm");
  // No ras/ directory on this board: ECC and retirement stay unknown.
  assert.equal(device?.eccErrors, null);
  assert.equal(device?.eccEnabled, null);
  assert.equal(device?.retiredPages, null);
  assert.equal(device?.clockEventReasons, null);
});

Deno.test("drm e2e: a degraded link reads x8 of x16", async () => {
  const device = await deviceOf(sickAmdgpu({ width: 8 }));
  assert.deepEqual([device.pcieWidth, device.pcieWidthMax], [8, 16]);
});

Deno.test("drm e2e: amdgpu RAS counts and bad pages", async () => {
  const device = await deviceOf(sickAmdgpu({
    errCounts: { umc: "ue: 2\nce: 40\n", sdma: "ue: 0\nce: 2\n" },
    badPages: "0x1 : 0x1000 : R\n0x2 : 0x1000 : R\n0x3 : 0x1000 : P\n0x4 : 0x1000 : F\n",
  }));
  assert.equal(device.eccEnabled, true);
  assert.deepEqual(device.eccErrors, {
    volatileCorrected: 42,
    volatileUncorrected: 2,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  });
  assert.equal(device.retiredPages, 2);
  assert.equal(device.retirementPending, true);
  assert.equal(device.retirementFailed, true);
  assert.equal(device.sources.eccErrors, "drm");
});

Deno.test("drm e2e: i915 and xe throttle reasons in the shared vocabulary; none set → []", async () => {
  const i915 = await deviceOf(throttledI915(["pl1", "thermal"]));
  assert.deepEqual(i915.clockEventReasons, ["power-cap", "thermal"]);
  const calm = await deviceOf(throttledI915([]));
  assert.deepEqual(calm.clockEventReasons, []);
  const xe = await deviceOf(throttledXe(["prochot", "vr_tdc"]));
  assert.deepEqual(xe.clockEventReasons, ["current-limit", "hardware-slowdown"]);
});
