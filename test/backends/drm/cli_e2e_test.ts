/**
 * gputop with only the DRM backend, run as a user runs it, over each fixture scenario and over
 * this machine's real /proc and /sys. Engine % and watts need two samples a known time apart;
 * those are proven in backend_test.ts with an injected clock, not here with real sleeps.
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import { join } from "node:path";
import { cliSnapshot } from "../../support/snapshot_output.ts";
import { runCli } from "../../support/run_cli.ts";
import {
  drmFixtureArgs,
  procRootOf,
  type Scenario,
  SCENARIOS,
  scratchSys,
  sysRootOf,
} from "../../linux/sysfs/fixture_tree.ts";

function drmStatus(snapshot: Snapshot) {
  const status = snapshot.backends.find((b) => b.id === "drm");
  assert.ok(status, "drm is listed");
  return status;
}

const EXPECTED_DEVICES: Record<Scenario, string[]> = {
  "amdgpu-discrete": ["0000:03:00.0"],
  "amdgpu-apu": ["0000:04:00.0"],
  "i915-integrated": ["0000:00:02.0"],
  "xe-discrete": ["0000:03:00.0"],
  "mixed-two-gpus": ["0000:00:02.0", "0000:03:00.0"],
  "suspended-gpu": ["0000:03:00.0"],
};

function scenarioArgs(scenario: Scenario): string[] {
  return ["ps", "--json", ...drmFixtureArgs(scenario)];
}

Deno.test("gputop ps --json --backends drm on every scenario", async () => {
  const snapshots = await Promise.all(SCENARIOS.map((s) => cliSnapshot(scenarioArgs(s))));
  SCENARIOS.forEach((scenario, i) => {
    const snapshot = snapshots[i]!;
    assert.equal(drmStatus(snapshot).status, "ok", scenario);
    assert.deepEqual(snapshot.devices.map((d) => d.id), EXPECTED_DEVICES[scenario], scenario);
    for (const device of snapshot.devices) {
      assert.equal(device.sources.pciBusId, "drm", scenario);
      assert.notEqual(device.runtimeStatus, null, scenario);
    }
    assert.ok(snapshot.processes.length > 0, `${scenario} has DRM clients`);
    for (const process of snapshot.processes) {
      assert.equal(process.source, "drm");
      assert.equal(process.type, "drm");
      assert.ok(EXPECTED_DEVICES[scenario].includes(process.deviceId ?? ""), scenario);
    }
  });
});

Deno.test("amdgpu-discrete end to end: captured Vega values reach the JSON", async () => {
  const snapshot = await cliSnapshot(scenarioArgs("amdgpu-discrete"));
  const [device] = snapshot.devices;
  assert.equal(device?.name, "AMD Vega 10 XL/XT [Radeon RX Vega 56/64]");
  assert.equal(device?.memoryTotalBytes, 8573157376); // mem_info_vram_total in the Vega ttar
  assert.equal(device?.memoryUsedBytes, 1490378752); // mem_info_vram_used
  assert.equal(device?.utilizationPercent, 4); // gpu_busy_percent
  assert.equal(device?.graphicsClockMHz, 852); // "0: 852Mhz *"
  assert.equal(device?.memoryShared, false);
  // ps sorts by GPU memory: 557494272 (544428 KiB VRAM) before 2117632 (2068 KiB)
  assert.deepEqual(snapshot.processes.map((p) => [p.pid, p.gpuMemoryBytes]), [
    [2001, 557494272],
    [2217, 2117632],
  ]);
});

Deno.test("i915 end to end: the min clock from either spelling of the min-frequency file", async () => {
  const clocks = (
    device: Snapshot["devices"][number] | undefined,
  ) => [device?.graphicsClockMHz, device?.graphicsClockMaxMHz, device?.graphicsClockMinMHz];
  const proc = procRootOf("i915-integrated");
  const sysArgs = (
    sys: string,
  ) => ["--json", "--backends", "drm", "--sys-root", sys, "--proc-root", proc];
  // The fixture has both: card1/gt_min_freq_mhz and card1/gt/gt0/rps_min_freq_mhz, 300 each.
  const both = await cliSnapshot(sysArgs(sysRootOf("i915-integrated")));
  assert.deepEqual(clocks(both.devices[0]), [350, 1100, 300]);
  const scratch = scratchSys("i915-integrated");
  try {
    const card = join(scratch.root, "class", "drm", "card1");
    // Only rps_min_freq_mhz (raised to 450), as without the device-level files.
    Deno.removeSync(join(card, "gt_min_freq_mhz"));
    Deno.writeTextFileSync(join(card, "gt", "gt0", "rps_min_freq_mhz"), "450\n");
    const perGt = await cliSnapshot(sysArgs(scratch.root));
    assert.deepEqual(clocks(perGt.devices[0]), [350, 1100, 450]);
    assert.equal(perGt.devices[0]?.sources.graphicsClockMinMHz, "drm");
    // Only gt_min_freq_mhz: a kernel before the per-GT gt/ directory (Skylake/Kaby Lake era).
    Deno.removeSync(join(card, "gt"), { recursive: true });
    Deno.writeTextFileSync(join(card, "gt_min_freq_mhz"), "300\n");
    const legacy = await cliSnapshot(sysArgs(scratch.root));
    assert.deepEqual(clocks(legacy.devices[0]), [350, 1100, 300]);
  } finally {
    scratch.dispose();
  }
});

Deno.test("suspended-gpu end to end: reported, not woken", async () => {
  const [device] = (await cliSnapshot(scenarioArgs("suspended-gpu"))).devices;
  assert.equal(device?.runtimeStatus, "suspended");
  assert.equal(device?.driver, "amdgpu");
  assert.equal(device?.temperatureCelsius, null);
  assert.equal(device?.utilizationPercent, null);
  assert.equal(device?.powerWatts, null);
});

Deno.test("real /proc and /sys: gputop --json --backends drm exits 0", async () => {
  const snapshot = await cliSnapshot(["--json", "--backends", "drm"]);
  const status = drmStatus(snapshot);
  if (status.status === "unavailable") {
    // a machine without a PCI DRM card (this sandbox, most CI runners)
    assert.equal(status.detail, "no DRM GPU found in /sys/class/drm");
    assert.deepEqual(snapshot.devices, []);
  } else {
    assert.equal(status.status, "ok");
    assert.ok(snapshot.devices.length > 0);
  }
});

Deno.test("a scenario's sys with the real /proc: processes read without error", async () => {
  const snapshot = await cliSnapshot([
    "ps",
    "--json",
    "--backends",
    "drm",
    "--sys-root",
    sysRootOf("amdgpu-discrete"),
    "--proc-root",
    "/proc",
  ]);
  assert.equal(drmStatus(snapshot).status, "ok");
  assert.deepEqual(snapshot.devices.map((d) => d.id), ["0000:03:00.0"]);
  // Real processes hold no fd on this fictional card, or are on no listed device.
  for (const process of snapshot.processes) assert.equal(process.deviceId, "0000:03:00.0");
});

Deno.test("GPUTOP_SCAN=ops (Deno's ops) and the default (libc) give the same processes", async () => {
  for (const scenario of SCENARIOS) {
    const [viaLibc, viaOps] = await Promise.all([
      runCli(scenarioArgs(scenario)),
      runCli(scenarioArgs(scenario), { env: { GPUTOP_SCAN: "ops" } }),
    ]);
    assert.equal(viaLibc.code, 0, viaLibc.stderr);
    const processes = (result: { stdout: string }) => JSON.parse(result.stdout).processes;
    assert.ok(processes(viaLibc).length > 0, scenario);
    assert.deepEqual(processes(viaLibc), processes(viaOps), scenario);
  }
});
