/**
 * gputop as a user runs it, with AMD SMI from the fake library (GPUTOP_AMDSMI_LIB) on top of
 * the amdgpu fixture tree whose card sits at the same PCI address (0000:03:00.0), once per
 * layout generation and scenario. The fixture's processes: 2001 glxgears (VRAM 544428 KiB in
 * fdinfo), 2002 (same DRM client as 2001), 2217 python3 (2068 KiB).
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import {
  buildFakeAmdsmi,
  buildNotAmdsmi,
  type FakeAmdsmiScenario,
  type FakeAmdsmiVariant,
  GENERATION_VARIANTS,
} from "../../fakes/amdsmi/build_fake.ts";
import { procRootOf, sysRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { fakeAmdsmiTest } from "./_support.ts";

const FIXTURE = "amdgpu-discrete";

async function gputop(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return await runCli(
    [...args, "--sys-root", sysRootOf(FIXTURE), "--proc-root", procRootOf(FIXTURE)],
    { env },
  );
}

async function snapshot(variant: FakeAmdsmiVariant, scenario: FakeAmdsmiScenario) {
  const result = await gputop(["--json", "--backends", "amdsmi,drm"], {
    GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi(variant),
    FAKE_AMDSMI_SCENARIO: scenario,
  });
  assert.equal(result.code, 0, result.stderr);
  return snapshotOutput(result);
}

function status(snap: Snapshot, id: string) {
  return snap.backends.find((backend) => backend.id === id);
}

for (const variant of GENERATION_VARIANTS) {
  fakeAmdsmiTest(
    `${variant} radeon: merged with the amdgpu sysfs card at 0000:03:00.0`,
    async () => {
      const snap = await snapshot(variant, "radeon");
      assert.equal(status(snap, "amdsmi")?.status, "ok");
      assert.equal(status(snap, "drm")?.status, "ok");
      assert.equal(snap.devices.length, 1);
      const [device] = snap.devices;
      assert.equal(device?.id, "0000:03:00.0");
      // AMD SMI comes first in the registry: its figures win where both know a field.
      assert.equal(device?.name, "AMD Radeon RX 7900 XTX"); // sysfs says Vega 10
      // ... except memory, where the sysfs figures come first (an APU's pool is VRAM + GTT).
      assert.equal(device?.memoryTotalBytes, 8573157376); // mem_info_vram_total in the Vega ttar
      assert.equal(device?.sources.memoryTotalBytes, "drm");
      assert.equal(device?.powerWatts, 11);
      assert.equal(device?.powerLimitWatts, 327);
      assert.deepEqual(device?.temperaturesCelsius, { edge: 49, junction: 58, mem: 62 });
      assert.equal(device?.sources.name, "amdsmi");
      assert.equal(device?.sources.powerWatts, "amdsmi");
      // Only sysfs knows the runtime PM state.
      assert.equal(device?.sources.runtimeStatus, "drm");
      const rows = snap.processes.map((p) => [p.pid, p.source, p.type, p.gpuMemoryBytes]);
      assert.deepEqual(rows, [
        [5002, "amdsmi", "compute", 8053063680], // KFD only: not in fdinfo
        [5001, "amdsmi", "compute", 3221225472],
        [2001, "amdsmi", "compute", 557494272], // 544428 KiB, in both
        [2217, "amdsmi", "compute", 2117632], // 2068 KiB, in both
        [5003, "amdsmi", "compute", 1048576],
      ]);
      // The name and command line still come from /proc.
      assert.equal(snap.processes.find((p) => p.pid === 2217)?.command, "python3 train.py");
    },
  );

  fakeAmdsmiTest(
    `${variant} mi300: two GPUs, one merged with sysfs, fdinfo-only rows kept`,
    async () => {
      const snap = await snapshot(variant, "mi300");
      assert.deepEqual(snap.devices.map((d) => [d.id, d.name, d.powerWatts]), [
        ["0000:03:00.0", "AMD Instinct MI300X", 305],
        ["0001:83:00.0", "AMD Instinct MI300X", 293],
      ]);
      assert.equal(snap.devices[0]?.sources.runtimeStatus, "drm");
      assert.equal(snap.devices[1]?.runtimeStatus, null); // no sysfs card at 0001:83:00.0
      assert.equal(snap.devices[0]?.temperatureCelsius, 49); // junction: MI300 has no edge
      // 1e9 counts × 15.259 µJ (float) / 1e6
      assert.equal(snap.devices[0]?.energyJoules, (1e9 * Math.fround(15.259)) / 1e6);
      const rows = snap.processes.map((p) => [p.pid, p.deviceIndex, p.source]);
      assert.deepEqual(rows, [
        [3101, 0, "amdsmi"],
        [420157, 0, "amdsmi"],
        [2266127, 0, "amdsmi"],
        [420315, 0, "amdsmi"],
        [2001, 0, "amdsmi"],
        [3102, 0, "amdsmi"],
        [2217, 0, "drm"], // a graphics client AMD SMI does not list: fdinfo keeps it
        [3101, 1, "amdsmi"],
      ]);
    },
  );
}

fakeAmdsmiTest("gputop backends: the AMD SMI row names the library and its version", async () => {
  const path = await buildFakeAmdsmi("a70");
  const env = { GPUTOP_AMDSMI_LIB: path, FAKE_AMDSMI_SCENARIO: "radeon" };
  const json = await gputop(["backends", "--json", "--backends", "amdsmi"], env);
  assert.equal(json.code, 0, json.stderr);
  const statuses = JSON.parse(json.stdout) as { id: string }[];
  assert.deepEqual(statuses.find((s) => s.id === "amdsmi"), {
    id: "amdsmi",
    status: "ok",
    // AMD SMI runs in a library session: the row names the mode.
    detail: "persistent library session (initialised once, shut down at exit; " +
      "--lazy-init for one per sample)",
    library: path,
    version: "AMD SMI 26.1.0",
  });
  const table = await gputop(["backends", "--backends", "amdsmi"], env);
  const row = table.stdout.split("\n").find((line) => line.startsWith("amdsmi"));
  assert.match(row ?? "", /^amdsmi +ok +\S+ +AMD SMI 26\.1\.0 +persistent library session/);
  const lazy = await gputop(["backends", "--json", "--lazy-init", "--backends", "amdsmi"], env);
  const lazyStatuses = JSON.parse(lazy.stdout) as { id: string; detail: string | null }[];
  assert.equal(
    lazyStatuses.find((s) => s.id === "amdsmi")?.detail,
    "lazy library sessions (initialised and shut down for every sample)",
  );
});

fakeAmdsmiTest("--lazy-init: the same reading with init and shutdown around it", async () => {
  const env = {
    GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a61-pid-only"),
    FAKE_AMDSMI_SCENARIO: "mi300",
  };
  const lazy = await gputop(["--json", "--lazy-init", "--backends", "amdsmi"], env);
  const persistent = await gputop(["--json", "--backends", "amdsmi"], env);
  assert.equal(lazy.code, 0, lazy.stderr);
  const devices = (result: typeof lazy) => snapshotOutput(result).devices;
  assert.deepEqual(devices(lazy), devices(persistent));
  assert.equal(devices(lazy).length, 2);
});

fakeAmdsmiTest(
  "driver not loaded: amdsmi unavailable, the sysfs baseline still reported",
  async () => {
    const result = await gputop(["--json", "--backends", "amdsmi,drm"], {
      GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a64"),
      FAKE_AMDSMI_SCENARIO: "driver-not-loaded",
    });
    assert.equal(result.code, 0, result.stderr);
    const snap = snapshotOutput(result);
    assert.equal(status(snap, "amdsmi")?.status, "unavailable");
    assert.match(status(snap, "amdsmi")?.detail ?? "", /^amdgpu driver not loaded/);
    assert.deepEqual(snap.devices.map((d) => [d.id, d.name, d.sources.name]), [
      ["0000:03:00.0", "AMD Vega 10 XL/XT [Radeon RX Vega 56/64]", "drm"],
    ]);
  },
);

fakeAmdsmiTest("another library given as GPUTOP_AMDSMI_LIB: refused, exit 0", async () => {
  const result = await gputop(["backends", "--json", "--backends", "amdsmi"], {
    GPUTOP_AMDSMI_LIB: await buildNotAmdsmi(),
  });
  assert.equal(result.code, 0, result.stderr);
  const statuses = JSON.parse(result.stdout) as { id: string; status: string }[];
  assert.equal(statuses.find((s) => s.id === "amdsmi")?.status, "unavailable");
  assert.equal(result.stderr, "");
});

fakeAmdsmiTest(
  "status 0xFFFFFFFF is named AMDSMI_STATUS_UNKNOWN_ERROR, not a bare number",
  async () => {
    // The fake's amdsmi_init answers AMDSMI_STATUS_UNKNOWN_ERROR (0xFFFFFFFF) for a scenario it
    // does not know, and its amdsmi_status_code_to_string fails for that code, as the real
    // library's does ("An unknown error occurred", status 0xFFFFFFFF).
    const result = await gputop(["backends", "--json", "--backends", "amdsmi"], {
      GPUTOP_AMDSMI_LIB: await buildFakeAmdsmi("a64"),
      FAKE_AMDSMI_SCENARIO: "no-such-scenario",
    });
    assert.equal(result.code, 0, result.stderr);
    const statuses = JSON.parse(result.stdout) as { id: string; status: string; detail: string }[];
    const amdsmi = statuses.find((s) => s.id === "amdsmi");
    assert.equal(amdsmi?.status, "error");
    assert.match(amdsmi?.detail ?? "", /unknown error \(AMDSMI_STATUS_UNKNOWN_ERROR\)/);
    assert.doesNotMatch(amdsmi?.detail ?? "", /4294967295/);
  },
);
