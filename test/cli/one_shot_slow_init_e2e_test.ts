/**
 * A one-shot command whose NVML init blocks past the open deadline (DEFAULT_DEADLINE_MS,
 * 15 s): the reading (DRM's card, NVML "timed out … (still opening)") is written when the
 * deadline passes, and only then does closing wait — at most CLOSE_WAIT_MS (5 s) in all — for
 * the init to return.
 */
import assert from "node:assert/strict";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";
import { spawnCli } from "../support/watch_cli.ts";
import { CLOSE_WAIT_MS, DEFAULT_DEADLINE_MS } from "../../src/session/session.ts";

fakeNvmlTest(
  "snapshot --json with a 30 s nvmlInit: output at the 15 s deadline, exit by 20 s",
  async () => {
    const run = spawnCli([
      "--json",
      "--backends",
      "nvml,drm",
      "--sys-root",
      sysRootOf("amdgpu-discrete"),
      "--proc-root",
      procRootOf("amdgpu-discrete"),
    ], {
      GPUTOP_NVML_LIB: await buildFakeNvml(),
      FAKE_NVML_SCENARIO: "two-gpus",
      FAKE_NVML_INIT_SLEEP_MS: "30000",
    });
    const started = performance.now();
    await run.lines(1);
    const firstByteMs = performance.now() - started;
    const stdout = await run.rest();
    const status = await run.child.status;
    const totalMs = performance.now() - started;
    assert.equal(status.code, 0, await run.stderr());
    // The first byte comes at the deadline (15 s, plus start-up), not after the close wait.
    assert.ok(
      firstByteMs > DEFAULT_DEADLINE_MS && firstByteMs < DEFAULT_DEADLINE_MS + 2_500,
      `first byte after ${firstByteMs} ms`,
    );
    // One close wait of at most 5 s after that (the 30 s init never returns in time).
    assert.ok(
      totalMs < DEFAULT_DEADLINE_MS + CLOSE_WAIT_MS + 2_500,
      `exited after ${totalMs} ms`,
    );
    const snapshot = JSON.parse(stdout);
    const nvml = snapshot.backends.find((b: { id: string }) => b.id === "nvml");
    assert.equal(nvml.detail, `timed out after ${DEFAULT_DEADLINE_MS} ms (still opening)`);
    assert.deepEqual(snapshot.devices.map((d: { pciBusId: string }) => d.pciBusId), [
      "0000:03:00.0",
    ]);
  },
);
