/**
 * gputop as a user runs it, with GPUTOP_NVIDIA_SMI pointing at the fake nvidia-smi that
 * prints what the real one printed on each captured machine: the JSON must carry the
 * captured values (captured.ts, copied by hand from the capture text).
 */
import assert from "node:assert/strict";
import type { Snapshot } from "../../../src/model/types.ts";
import { FAKE_NVIDIA_SMI, fixture, makeFakeExecutable } from "../../fakes/nvidia-smi/fake.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { CAPTURED, capturedReading, MIB, NORMALISED_BUS_ID } from "./captured.ts";

/** The environment for one captured machine; /proc and /sys are empty so no host pid leaks in. */
function captureEnv(stem: string, root: string): Record<string, string> {
  return {
    GPUTOP_NVIDIA_SMI: FAKE_NVIDIA_SMI,
    FAKE_NVIDIA_SMI_GPU_FILE: fixture(`${stem}-gpu.csv`),
    FAKE_NVIDIA_SMI_APPS_FILE: fixture(`${stem}-apps.csv`),
    GPUTOP_PROC_ROOT: root,
    GPUTOP_SYS_ROOT: root,
  };
}

async function gputopJson(args: string[], env: Record<string, string>): Promise<Snapshot> {
  const result = await runCli(args, { env });
  assert.equal(result.code, 0, result.stderr);
  return snapshotOutput(result);
}

/** The other backends are listed too, as skipped (not selected by --backends). */
function nvidiaSmiStatus(snapshot: Snapshot) {
  const others = snapshot.backends.filter((backend) => backend.id !== "nvidia-smi");
  assert.ok(others.every((backend) => backend.status === "skipped"));
  return snapshot.backends.find((backend) => backend.id === "nvidia-smi");
}

/** The entries whose value is not null. */
function withoutNulls(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}

function withEmptyRoot(fn: (root: string) => Promise<void>): () => Promise<void> {
  return async () => {
    makeFakeExecutable();
    const root = Deno.makeTempDirSync({ prefix: "gputop-empty-root-" });
    try {
      await fn(root);
    } finally {
      Deno.removeSync(root, { recursive: true });
    }
  };
}

for (const [stem, { gpu, apps }] of Object.entries(CAPTURED)) {
  Deno.test(
    `gputop --json --backends nvidia-smi shows the ${stem} capture`,
    withEmptyRoot(async (root) => {
      const snapshot = await gputopJson(
        ["--json", "--backends", "nvidia-smi"],
        captureEnv(stem, root),
      );
      assert.deepEqual(nvidiaSmiStatus(snapshot), {
        id: "nvidia-smi",
        status: "ok",
        detail: null,
        library: FAKE_NVIDIA_SMI,
        version: gpu.driverVersion,
      });
      assert.equal(snapshot.devices.length, 1);
      const device = snapshot.devices[0]!;
      const pci = NORMALISED_BUS_ID[gpu.busId]!;
      const { sources, ...values } = device;
      // The reading the capture gives, placed as device 0; [N/A] values (null) are left out on
      // both sides, so a key present in one and absent in the other still fails.
      const { localId: _localId, ...reading } = capturedReading(gpu);
      // nvidia-smi's utilization.gpu is the device's own counter; the merge labels it so.
      const utilizationSource = (reading.utilizationPercent ?? null) === null ? null : "device";
      assert.deepEqual(
        withoutNulls(values),
        withoutNulls({ index: 0, id: pci, ...reading, utilizationSource }),
      );
      // What nvidia-smi printed as [N/A] is null, not 0.
      if (gpu.fanSpeed === null) assert.equal(device.fanPercent, null);
      assert.equal(device.energyJoules, null);
      assert.ok(Object.values(sources).every((source) => source === "nvidia-smi"));

      const byPid = (a: { pid: number }, b: { pid: number }) => a.pid - b.pid;
      assert.deepEqual(
        snapshot.processes.map((p) => ({
          pid: p.pid,
          name: p.name,
          gpuMemoryBytes: p.gpuMemoryBytes,
          deviceIndex: p.deviceIndex,
          deviceId: p.deviceId,
          type: p.type,
          source: p.source,
          perProcess: p.perProcess,
        })).sort(byPid),
        apps.map((app) => ({
          pid: app.pid,
          name: app.processName,
          gpuMemoryBytes: app.usedMiB * MIB,
          deviceIndex: 0,
          deviceId: pci,
          type: "compute",
          source: "nvidia-smi",
          perProcess: true,
        })).sort(byPid),
      );
    }),
  );
}

Deno.test(
  "gputop ps --json lists the nvidia-smi processes largest first",
  withEmptyRoot(async (root) => {
    const snapshot = await gputopJson(
      ["ps", "--json", "--backends", "nvidia-smi"],
      captureEnv("rtx-4080-super-595.71.05-load", root),
    );
    assert.deepEqual(
      snapshot.processes.map((p) => [p.pid, p.name, p.gpuMemoryBytes]),
      [
        [5022, "ffmpeg", 503 * MIB],
        [5021, "ffmpeg", 360 * MIB],
        [2165, "/usr/bin/kwin_wayland", 25 * MIB],
      ],
    );
  }),
);

Deno.test(
  "gputop --json with an nvidia-smi that cannot reach the driver: unavailable, exit 0",
  withEmptyRoot(async (root) => {
    const snapshot = await gputopJson(["--json", "--backends", "nvidia-smi"], {
      ...captureEnv("h100-80gb-hbm3-590.48.01-load", root),
      FAKE_NVIDIA_SMI_EXIT: "9",
    });
    assert.deepEqual(nvidiaSmiStatus(snapshot), {
      id: "nvidia-smi",
      status: "unavailable",
      detail: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. " +
        "Make sure that the latest NVIDIA driver is installed and running.",
      library: FAKE_NVIDIA_SMI,
      version: null,
    });
    assert.deepEqual([snapshot.devices, snapshot.processes], [[], []]);
  }),
);

Deno.test(
  "gputop backends --json with an older nvidia-smi names the field it lacked",
  withEmptyRoot(async (root) => {
    const result = await runCli(["backends", "--json", "--backends", "nvidia-smi"], {
      env: {
        ...captureEnv("h100-80gb-hbm3-590.48.01-load", root),
        FAKE_NVIDIA_SMI_GPU_FILE: fixture("h100-80gb-hbm3-590.48.01-load-gpu-conservative.csv"),
        FAKE_NVIDIA_SMI_REJECT_FIELDS: "compute_cap",
      },
    });
    assert.equal(result.code, 0, result.stderr);
    const statuses = parseJsonOutput(result) as { id: string; status: string; detail: string }[];
    const status = statuses.find((s) => s.id === "nvidia-smi");
    assert.equal(status?.status, "ok");
    assert.match(status?.detail ?? "", /"compute_cap"/);
  }),
);

Deno.test(
  "GPUTOP_NVIDIA_SMI=/bin/true: exit 0 with no output is an error, not ok with 0 devices",
  withEmptyRoot(async (root) => {
    const env = { GPUTOP_NVIDIA_SMI: "/bin/true", GPUTOP_PROC_ROOT: root, GPUTOP_SYS_ROOT: root };
    const result = await runCli(["backends", "--json", "--backends", "nvidia-smi"], { env });
    assert.equal(result.code, 0, result.stderr);
    const statuses = parseJsonOutput(result) as { id: string; status: string; detail: string }[];
    const status = statuses.find((s) => s.id === "nvidia-smi");
    assert.equal(status?.status, "error");
    assert.match(status?.detail ?? "", /^no output\b/);
  }),
);

Deno.test("malformed nvidia-smi output: no invented device, the backend is an error", async () => {
  makeFakeExecutable();
  const root = Deno.makeTempDirSync();
  try {
    const gpu = `${root}/gpu.csv`;
    Deno.writeTextFileSync(gpu, `${",".repeat(17)}\n`);
    const env = { ...captureEnv("h100-80gb-hbm3-590.48.01-load", root) };
    env.FAKE_NVIDIA_SMI_GPU_FILE = gpu;
    const snapshot = await gputopJson(["--json", "--backends", "nvidia-smi"], env);
    assert.deepEqual(snapshot.devices, []);
    assert.equal(nvidiaSmiStatus(snapshot)?.status, "error");
    assert.match(nvidiaSmiStatus(snapshot)?.detail ?? "", /no row of nvidia-smi's output/);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
