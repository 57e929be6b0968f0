/**
 * The health rule end to end: sysfs trouble written into scratch fixture trees, read by the
 * CLI (`--backends drm`), judged after the merge.
 */
import assert from "node:assert/strict";
import { cliSnapshot } from "../support/snapshot_output.ts";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { sickAmdgpu, type SickTree, throttledI915 } from "../backends/drm/sick_trees.ts";

async function healthOf(tree: SickTree) {
  try {
    const [device] = (await cliSnapshot(["--json", ...tree.args])).devices;
    return [device?.health, device?.healthReasons];
  } finally {
    tree.dispose();
  }
}

Deno.test("health e2e: the captured Vega (x16 of x16, nothing else known) is ok", async () => {
  const [device] = (await cliSnapshot(["--json", ...drmFixtureArgs("amdgpu-discrete")])).devices;
  assert.equal(device?.health, "ok");
  assert.deepEqual(device?.healthReasons, []);
});

Deno.test("health e2e: a suspended GPU (nothing read) has no verdict", async () => {
  const [device] = (await cliSnapshot(["--json", ...drmFixtureArgs("suspended-gpu")])).devices;
  assert.equal(device?.health, null);
  assert.equal(device?.healthReasons, null);
});

Deno.test("health e2e: a degraded link warns; uncorrected errors are critical", async () => {
  assert.deepEqual(await healthOf(sickAmdgpu({ width: 8 })), ["warning", [
    "PCIe link x8 of x16",
  ]]);
  assert.deepEqual(
    await healthOf(sickAmdgpu({ width: 8, errCounts: { umc: "ue: 2\nce: 3\n" } })),
    ["critical", ["2 uncorrected ECC errors since the driver loaded", "PCIe link x8 of x16"]],
  );
  assert.deepEqual(await healthOf(sickAmdgpu({ badPages: "0x3 : 0x1000 : P\n" })), [
    "critical",
    ["memory retirement pending: reset the GPU"],
  ]);
});

Deno.test("health e2e: thermal throttling warns; a power cap alone does not", async () => {
  assert.deepEqual(await healthOf(throttledI915(["thermal"])), ["warning", [
    "clocks held down: thermal",
  ]]);
  assert.deepEqual(await healthOf(throttledI915(["pl1"])), ["ok", []]);
});
