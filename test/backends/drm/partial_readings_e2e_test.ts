/**
 * A source that gives part of a reading yields that part. xe Battlemage whose sysfs has only
 * the media GT (`tile0/gt1`, the LACT issue 893 capture): the media GT's clock is not the
 * graphics clock, so the clock is unknown while the rest of the device (VRAM, sensors,
 * processes) is reported as usual.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { pciDir, procRootOf, scratchSys } from "../../linux/sysfs/fixture_tree.ts";

Deno.test("gputop --json on xe with only the media GT: no graphics clock, the rest is there", async () => {
  const scratch = scratchSys("xe-discrete");
  try {
    Deno.removeSync(join(pciDir(scratch.root, "0000:03:00.0"), "tile0", "gt0"), {
      recursive: true,
    });
    const args = ["--backends", "drm", "--proc-root", procRootOf("xe-discrete")];
    const result = await runCli(["--json", ...args, "--sys-root", scratch.root]);
    assert.equal(result.code, 0, result.stderr);
    const snapshot = snapshotOutput(result);
    const [device] = snapshot.devices;
    // gt1 says cur 1200 / max 1500 MHz, but it is the media GT (gtidle/name gt1-mc).
    assert.equal(device?.graphicsClockMHz, null);
    assert.equal(device?.graphicsClockMaxMHz, null);
    assert.equal(device?.memoryTotalBytes, 12884901888); // tile0 physical_vram_size_bytes
    assert.equal(device?.temperatureCelsius, 48); // hwmon temp2_input 48000 m°C (pkg)
    assert.ok(snapshot.processes.length > 0);
  } finally {
    scratch.dispose();
  }
});
