/**
 * `gputop watch` over each vendor library backend (the shared skeleton of
 * src/backends/vendor_library_backend.ts), each from its fake library, on top of a fixture
 * tree whose DRM card sits at the address of the fake's first GPU (0000:03:00.0). Every
 * vendor runs the same four scenarios: a persistent library session merged with DRM, one
 * session per sample under --lazy-init, SIGTERM mid-watch, and an init that blocks for 3 s.
 * Each fake writes its counts to a file (FAKE_*_COUNTS_FILE) after every call that changes
 * them, so even a killed process leaves its counts. Expected values are worked from the fakes'
 * constants (fake_nvml.c, fake_amdsmi.c, fake_ze_loader.c).
 */
import assert from "node:assert/strict";
import type { BackendId, Snapshot } from "../../src/model/types.ts";
import { buildFakeAmdsmi, fakeAmdsmiTest } from "../fakes/amdsmi/build_fake.ts";
import { buildFakeZe, fakeZeTest } from "../fakes/level-zero/build_fake_ze.ts";
import { fakeNvmlEnv, fakeNvmlTest } from "../fakes/nvml/build_fake_nvml.ts";
import { fixtureRootArgs, type Scenario } from "../linux/sysfs/fixture_tree.ts";
import { runCli } from "../support/run_cli.ts";
import {
  assertScheduleKeptWhileInitBlocks,
  countsFile,
  jsonLines,
  watchUntilSigterm,
} from "../support/watch_cli.ts";

interface VendorWatchCase {
  backend: BackendId;
  /** The library's name in test names. */
  label: string;
  /** Registers a test that needs this vendor's compiled fake (ignored without cc). */
  test(name: string, fn: () => Promise<void>): void;
  /** The DRM fixture tree under the fake. */
  scenario: Scenario;
  /** The fake's environment, its counts written to `countsPath`, with `extra` on top. */
  env(countsPath: string, extra?: Record<string, string>): Promise<Record<string, string>>;
  /** The variable that makes the fake's init sleep (milliseconds). */
  initSleepVariable: string;
  /** The counts after one library session: opened once, released once. */
  oneSession: string;
  /** The counts after four sessions: the warm-up (sharing open()'s session) + 3 readings. */
  fourSessions: string;
  /** Device ids of every `watch --backends <backend>,drm` line, in order. */
  mergedDeviceIds: string[];
  /** What else each such line must hold: the library's own figures. */
  checkMergedLine(line: Snapshot): void;
  /** Devices in each `watch --lazy-init --backends <backend>` line. */
  lazyDeviceCount: number;
  /** What else each --lazy-init line must hold. */
  checkLazyLine(line: Snapshot): void;
}

const CASES: VendorWatchCase[] = [
  {
    // Counts: "init N shutdown M refcount R", R the library's own init reference count.
    backend: "nvml",
    label: "NVML",
    test: fakeNvmlTest,
    scenario: "amdgpu-discrete",
    env: (counts, extra = {}) =>
      fakeNvmlEnv("two-gpus", { FAKE_NVML_COUNTS_FILE: counts, ...extra }),
    initSleepVariable: "FAKE_NVML_INIT_SLEEP_MS",
    oneSession: "init 1 shutdown 1 refcount 0",
    fourSessions: "init 4 shutdown 4 refcount 0",
    // amdgpu 0000:03:00.0 (drm), 07 and 81 (the fake's two GPUs).
    mergedDeviceIds: ["0000:03:00.0", "0000:07:00.0", "0000:81:00.0"],
    checkMergedLine(line) {
      // GPU 0 (0000:07:00.0): gpu_util 87, power 123456 mW — already on the first line.
      assert.equal(line.devices[1]!.utilizationPercent, 87);
      assert.equal(line.devices[1]!.powerWatts, 123.456);
    },
    lazyDeviceCount: 2,
    checkLazyLine() {},
  },
  {
    // Counts: "init N shutdown M initialised I". The fake refuses handles from an earlier
    // init, so ok --lazy-init rows prove they were resolved again.
    backend: "amdsmi",
    label: "AMD SMI",
    test: fakeAmdsmiTest,
    scenario: "amdgpu-discrete",
    env: async (counts, extra = {}) => ({
      GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a70"),
      FAKE_AMDSMI_SCENARIO: "radeon",
      FAKE_AMDSMI_COUNTS_FILE: counts,
      ...extra,
    }),
    initSleepVariable: "FAKE_AMDSMI_INIT_SLEEP_MS",
    oneSession: "init 1 shutdown 1 initialised 0",
    fourSessions: "init 4 shutdown 4 initialised 0",
    // The fake's Radeon and the fixture's card, both 0000:03:00.0, merge into one.
    mergedDeviceIds: ["0000:03:00.0"],
    checkMergedLine(line) {
      const device = line.devices[0]!;
      assert.equal(device.name, "AMD Radeon RX 7900 XTX"); // the fake's market name
      assert.equal(device.sources.name, "amdsmi");
      assert.equal(device.powerWatts, 11); // the fake's socket power, W
    },
    lazyDeviceCount: 1,
    checkLazyLine() {},
  },
  {
    // Level Zero has no shutdown call: a session ends by unloading the loader. Counts: "loads
    // L inits I closes C", C the unloads by dlclose (one at process exit is not counted, so
    // closes 1 after SIGTERM proves gputop unloaded it).
    backend: "level-zero",
    label: "Level Zero",
    test: fakeZeTest,
    scenario: "xe-discrete",
    env: async (counts, extra = {}) => ({
      GPUTOP_ZE_LIB: await buildFakeZe(),
      FAKE_ZE_SCENARIO: "arc-discrete",
      FAKE_ZE_COUNTS_FILE: counts,
      ...extra,
    }),
    initSleepVariable: "FAKE_ZE_INIT_SLEEP_MS",
    oneSession: "loads 1 inits 1 closes 1",
    fourSessions: "loads 4 inits 4 closes 4",
    // The fake's Arc card and the fixture's card, both 0000:03:00.0, merge into one.
    mergedDeviceIds: ["0000:03:00.0"],
    checkMergedLine(line) {
      const device = line.devices[0]!;
      assert.equal(device.name, "Intel(R) Arc(TM) B580 Graphics");
      assert.equal(device.sources.name, "level-zero");
      // Rates already on the first line (the warm-up sample): the ALL engine group is 60 %
      // busy, energy grows 85 µJ per µs = 85 W.
      assert.equal(device.utilizationPercent, 60);
      assert.equal(device.powerWatts, 85);
    },
    lazyDeviceCount: 1,
    checkLazyLine(line) {
      // The fake refuses handles from an earlier load: a full reading proves they were
      // enumerated again, and rates survive the re-load (keyed by PCI address).
      assert.equal(line.devices[0]!.error, null);
      assert.equal(line.devices[0]!.powerWatts, 85);
    },
  },
];

/** Runs `body` with a fresh counts file and this vendor's fake environment around it. */
async function withFake(
  vendor: VendorWatchCase,
  extra: Record<string, string>,
  body: (env: Record<string, string>, counts: () => string) => Promise<void>,
): Promise<void> {
  const counts = countsFile();
  try {
    await body(await vendor.env(counts.path, extra), counts.read);
  } finally {
    counts.dispose();
  }
}

for (const vendor of CASES) {
  vendor.test(
    `${vendor.label}: watch --count 3 --interval 100ms --json: ok rows merged with DRM, ` +
      "one library session for the run",
    () =>
      withFake(vendor, {}, async (env, counts) => {
        const merged = ["--backends", `${vendor.backend},drm`, ...fixtureRootArgs(vendor.scenario)];
        const watch = ["watch", "--count", "3", "--interval", "100ms", "--json", ...merged];
        const result = await runCli(watch, { env });
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stderr, "");
        const lines = jsonLines(result.stdout);
        assert.equal(lines.length, 3);
        const times = lines.map((l) => Date.parse(l.timestamp));
        assert.ok(times[0]! < times[1]! && times[1]! < times[2]!, `increasing: ${times.join(" ")}`);
        for (const line of lines) {
          assert.deepEqual(
            line.backends.filter((b) => b.status !== "skipped").map((b) => [b.id, b.status]),
            [[vendor.backend, "ok"], ["drm", "ok"]],
          );
          assert.deepEqual(line.devices.map((d) => d.id), vendor.mergedDeviceIds);
          vendor.checkMergedLine(line);
        }
        // Warm-up + 3 readings in one library session.
        assert.equal(counts(), vendor.oneSession);
      }),
  );

  vendor.test(
    `${vendor.label}: watch --lazy-init: one library session per sample`,
    () =>
      withFake(vendor, {}, async (env, counts) => {
        const lazy = ["--lazy-init", "--count", "3", "--interval", "100ms"];
        const result = await runCli(["watch", ...lazy, "--backends", vendor.backend], { env });
        assert.equal(result.code, 0, result.stderr);
        const lines = jsonLines(result.stdout);
        assert.equal(lines.length, 3);
        for (const line of lines) {
          assert.equal(line.backends.find((b) => b.id === vendor.backend)?.status, "ok");
          assert.equal(line.devices.length, vendor.lazyDeviceCount);
          vendor.checkLazyLine(line);
        }
        assert.equal(counts(), vendor.fourSessions);
      }),
  );

  vendor.test(
    `${vendor.label}: watch: SIGTERM mid-watch ends after a complete line, library released once`,
    () =>
      withFake(vendor, {}, async (env, counts) => {
        await watchUntilSigterm(vendor.backend, env);
        assert.equal(counts(), vendor.oneSession);
      }),
  );

  vendor.test(
    `${vendor.label}: watch keeps its schedule for DRM while the library's init blocks for 3 s`,
    () =>
      withFake(vendor, { [vendor.initSleepVariable]: "3000" }, async (env, counts) => {
        await assertScheduleKeptWhileInitBlocks(
          vendor.backend,
          fixtureRootArgs(vendor.scenario),
          env,
          ["0000:03:00.0"],
        );
        // At exit the pending init was waited for, then released once: never left open.
        assert.equal(counts(), vendor.oneSession);
      }),
  );
}
