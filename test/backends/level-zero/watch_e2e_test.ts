/**
 * `gputop watch` with Level Zero from the fake loader (GPUTOP_ZE_LIB) in its library session,
 * on top of the xe-discrete fixture tree whose card sits at the same address (0000:03:00.0).
 * Level Zero has no shutdown call: a session ends by unloading the loader. The fake writes
 * "loads L inits I closes C" to FAKE_ZE_COUNTS_FILE after every load, successful init and
 * unload by dlclose (an unload at process exit is not counted), so even a killed process
 * leaves its counts. Values worked from the fake's constants (fake_ze_loader.c).
 */
import assert from "node:assert/strict";
import { buildFakeZe, fakeZeTest } from "../../fakes/level-zero/build_fake_ze.ts";
import { procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { runCli } from "../../support/run_cli.ts";
import {
  assertScheduleKeptWhileInitBlocks,
  countsFile,
  jsonLines,
  watchUntilSigterm,
} from "../../support/watch_cli.ts";

const FIXTURE_ARGS = [
  "--proc-root",
  procRootOf("xe-discrete"),
  "--sys-root",
  sysRootOf("xe-discrete"),
];

async function fakeEnv(counts: string, extra: Record<string, string> = {}) {
  return {
    GPUTOP_ZE_LIB: await buildFakeZe(),
    FAKE_ZE_SCENARIO: "arc-discrete",
    FAKE_ZE_COUNTS_FILE: counts,
    ...extra,
  };
}

fakeZeTest(
  "watch --count 3 --interval 100ms --json: ok rows from Level Zero, one load for the run",
  async () => {
    const counts = countsFile();
    try {
      const result = await runCli(
        [
          "watch",
          "--count",
          "3",
          "--interval",
          "100ms",
          "--json",
          "--backends",
          "level-zero,drm",
          ...FIXTURE_ARGS,
        ],
        { env: await fakeEnv(counts.path) },
      );
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, "");
      const lines = jsonLines(result.stdout);
      assert.equal(lines.length, 3);
      for (const line of lines) {
        assert.deepEqual(
          line.backends.filter((b) => b.status !== "skipped").map((b) => [b.id, b.status]),
          [["level-zero", "ok"], ["drm", "ok"]],
        );
        // The fake's Arc card and the fixture's card, both 0000:03:00.0, merge into one.
        assert.deepEqual(line.devices.map((d) => d.id), ["0000:03:00.0"]);
        const device = line.devices[0]!;
        assert.equal(device.name, "Intel(R) Arc(TM) B580 Graphics");
        assert.equal(device.sources.name, "level-zero");
        // Rates already on the first line (the warm-up sample): the ALL engine group is 60 %
        // busy, energy grows 85 µJ per µs = 85 W.
        assert.equal(device.utilizationPercent, 60);
        assert.equal(device.powerWatts, 85);
      }
      // Warm-up + 3 readings: the loader loaded and initialised once, unloaded once at exit.
      assert.equal(counts.read(), "loads 1 inits 1 closes 1");
    } finally {
      counts.dispose();
    }
  },
);

fakeZeTest("watch --lazy-init: one load, zesInit and unload per sample", async () => {
  const counts = countsFile();
  try {
    const result = await runCli(
      ["watch", "--lazy-init", "--count", "3", "--interval", "100ms", "--backends", "level-zero"],
      { env: await fakeEnv(counts.path) },
    );
    assert.equal(result.code, 0, result.stderr);
    const lines = jsonLines(result.stdout);
    assert.equal(lines.length, 3);
    for (const line of lines) {
      assert.equal(line.backends.find((b) => b.id === "level-zero")?.status, "ok");
      assert.equal(line.devices.length, 1);
      // The fake refuses handles from an earlier load: a full reading proves they were
      // enumerated again, and rates survive the re-load (keyed by PCI address).
      assert.equal(line.devices[0]!.error, null);
      assert.equal(line.devices[0]!.powerWatts, 85);
    }
    // Samples: the warm-up (sharing open()'s session) + 3 readings = 4 sessions.
    assert.equal(counts.read(), "loads 4 inits 4 closes 4");
  } finally {
    counts.dispose();
  }
});

fakeZeTest("watch: SIGTERM mid-watch, the Level Zero loader unloaded before exit", async () => {
  const counts = countsFile();
  try {
    await watchUntilSigterm("level-zero", await fakeEnv(counts.path));
    // closes 1: gputop unloaded it; left loaded, exit's unload would not be counted.
    assert.equal(counts.read(), "loads 1 inits 1 closes 1");
  } finally {
    counts.dispose();
  }
});

fakeZeTest("watch keeps its schedule for DRM while zesInit blocks for 3 s", async () => {
  const counts = countsFile();
  try {
    await assertScheduleKeptWhileInitBlocks(
      "level-zero",
      FIXTURE_ARGS,
      await fakeEnv(counts.path, { FAKE_ZE_INIT_SLEEP_MS: "3000" }),
      ["0000:03:00.0"],
    );
    // At exit the pending init was waited for, then the loader unloaded once.
    assert.equal(counts.read(), "loads 1 inits 1 closes 1");
  } finally {
    counts.dispose();
  }
});
