/**
 * `gputop watch` with AMD SMI from the fake libamd_smi (GPUTOP_AMDSMI_LIB) in its library
 * session, on top of the amdgpu-discrete fixture tree whose card sits at the same address
 * (0000:03:00.0). The fake writes "init N shutdown M initialised I" to FAKE_AMDSMI_COUNTS_FILE
 * after every init and shutdown, so even a killed process leaves its counts.
 */
import assert from "node:assert/strict";
import { buildFakeAmdsmi } from "../../fakes/amdsmi/build_fake.ts";
import { procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { runCli } from "../../support/run_cli.ts";
import {
  assertScheduleKeptWhileInitBlocks,
  countsFile,
  jsonLines,
  watchUntilSigterm,
} from "../../support/watch_cli.ts";
import { fakeAmdsmiTest } from "./_support.ts";

const FIXTURE_ARGS = [
  "--proc-root",
  procRootOf("amdgpu-discrete"),
  "--sys-root",
  sysRootOf("amdgpu-discrete"),
];

async function fakeEnv(counts: string, extra: Record<string, string> = {}) {
  return {
    GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a70"),
    FAKE_AMDSMI_SCENARIO: "radeon",
    FAKE_AMDSMI_COUNTS_FILE: counts,
    ...extra,
  };
}

fakeAmdsmiTest(
  "watch --count 3 --interval 100ms --json: ok rows from AMD SMI, persistent 1 init / 1 shutdown",
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
          "amdsmi,drm",
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
          [["amdsmi", "ok"], ["drm", "ok"]],
        );
        // The fake's Radeon and the fixture's card, both 0000:03:00.0, merge into one.
        assert.deepEqual(line.devices.map((d) => d.id), ["0000:03:00.0"]);
        const device = line.devices[0]!;
        assert.equal(device.name, "AMD Radeon RX 7900 XTX"); // the fake's market name
        assert.equal(device.sources.name, "amdsmi");
        assert.equal(device.powerWatts, 11); // the fake's socket power, W
      }
      // Warm-up + 3 readings in one library session: one init, one shutdown at exit.
      assert.equal(counts.read(), "init 1 shutdown 1 initialised 0");
    } finally {
      counts.dispose();
    }
  },
);

fakeAmdsmiTest("watch --lazy-init: one AMD SMI init and shutdown per sample", async () => {
  const counts = countsFile();
  try {
    const result = await runCli(
      ["watch", "--lazy-init", "--count", "3", "--interval", "100ms", "--backends", "amdsmi"],
      { env: await fakeEnv(counts.path) },
    );
    assert.equal(result.code, 0, result.stderr);
    const lines = jsonLines(result.stdout);
    assert.equal(lines.length, 3);
    for (const line of lines) {
      assert.equal(line.backends.find((b) => b.id === "amdsmi")?.status, "ok");
      assert.equal(line.devices.length, 1);
    }
    // Samples: the warm-up (sharing open()'s session) + 3 readings = 4 sessions. The fake
    // refuses handles from an earlier init, so ok rows prove they were resolved again.
    assert.equal(counts.read(), "init 4 shutdown 4 initialised 0");
  } finally {
    counts.dispose();
  }
});

fakeAmdsmiTest("watch: SIGTERM mid-watch, AMD SMI shut down exactly once", async () => {
  const counts = countsFile();
  try {
    await watchUntilSigterm("amdsmi", await fakeEnv(counts.path));
    assert.equal(counts.read(), "init 1 shutdown 1 initialised 0");
  } finally {
    counts.dispose();
  }
});

fakeAmdsmiTest(
  "watch keeps its schedule for DRM while amdsmi_init blocks for 3 s",
  async () => {
    const counts = countsFile();
    try {
      await assertScheduleKeptWhileInitBlocks(
        "amdsmi",
        FIXTURE_ARGS,
        await fakeEnv(counts.path, { FAKE_AMDSMI_INIT_SLEEP_MS: "3000" }),
        ["0000:03:00.0"],
      );
      // At exit the pending init was waited for, then shut down once: never left initialised.
      assert.equal(counts.read(), "init 1 shutdown 1 initialised 0");
    } finally {
      counts.dispose();
    }
  },
);
