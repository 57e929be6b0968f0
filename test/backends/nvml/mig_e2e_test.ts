/**
 * MIG through the CLI, over the fake NVML's mig scenarios (test/fakes/nvml/fake_nvml_mig.c):
 * GPU 0 (A100-SXM4-80GB) in MIG mode with a 3g.40gb device in slot 0 and a 1g.10gb device in
 * slot 1, GPU 1 (L40S) not in MIG mode. Every number is the fake's, restated.
 */
import assert from "node:assert/strict";
import type { Device, Snapshot } from "../../../src/model/types.ts";
import { fakeNvmlEnv } from "../../fakes/nvml/build_fake_nvml.ts";
import { runCliOnFakeNvml } from "../../support/fake_nvml_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { startServe } from "../../serve/serve_process.ts";
import { fakeNvmlTest } from "./_support.ts";

const GPU0 = "0000:07:00.0";
const GPU1 = "0000:81:00.0";
const MIG0 = "MIG-1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d";
const MIG1 = "MIG-9f8e7d6c-5b4a-5392-8170-6f5e4d3c2b1a";
const GIB = 1024 ** 3;

async function migJson(
  args: string[] = [],
  scenario: "mig" | "mig-handle-fails" | "mig-no-instances" = "mig",
) {
  const result = await runCliOnFakeNvml(["--json", ...args], scenario);
  assert.equal(result.code, 0, result.stderr);
  return snapshotOutput(result);
}

function deviceById(snapshot: Snapshot, id: string): Device {
  const device = snapshot.devices.find((d) => d.id === id);
  assert.ok(device, `no device ${id} in ${snapshot.devices.map((d) => d.id).join(", ")}`);
  return device;
}

fakeNvmlTest(
  "MIG: each MIG device is a device of its own, listed right after its GPU",
  async () => {
    const snapshot = await migJson();
    assert.deepEqual(snapshot.devices.map((d) => [d.index, d.id, d.parentId]), [
      [0, GPU0, null],
      [2, MIG0, GPU0],
      [3, MIG1, GPU0],
      // The whole GPUs keep NVML's indexes: the L40S is still GPU 1, as nvidia-smi says.
      [1, GPU1, null],
    ]);
    const slice = deviceById(snapshot, MIG0);
    assert.equal(slice.uuid, MIG0);
    assert.equal(slice.name, "NVIDIA A100-SXM4-80GB MIG 3g.40gb");
    assert.deepEqual(slice.partition, {
      kind: "mig",
      migIndex: 0,
      gpuInstanceId: 1,
      computeInstanceId: 0,
      profile: "3g.40gb",
    });
    // Its own memory (nvmlMemory_v2_t on the MIG handle), not the GPU's 80 GiB.
    assert.equal(slice.memoryTotalBytes, 40 * GIB);
    assert.equal(slice.memoryUsedBytes, 3 * GIB);
    // The parent's fields are unknown on the slice, not copied from the GPU.
    for (
      const field of [
        "powerWatts",
        "temperatureCelsius",
        "fanPercent",
        "graphicsClockMHz",
        "utilizationPercent",
      ] as const
    ) {
      assert.equal(slice[field], null, field);
    }
    assert.equal(deviceById(snapshot, MIG1).partition?.profile, "1g.10gb");
    const whole = deviceById(snapshot, GPU1);
    assert.equal(whole.parentId, null);
    assert.equal(whole.partition, null);
    assert.equal(deviceById(snapshot, GPU0).migMode, true);
  },
);

fakeNvmlTest("MIG: processes belong to their MIG device, each counted once", async () => {
  const snapshot = await migJson();
  assert.deepEqual(
    snapshot.processes.map((p) => [p.pid, p.deviceId, p.gpuMemoryBytes]).sort(),
    [
      [4242, MIG0, 2 * GIB],
      [5151, MIG1, 1 * GIB],
      [7007, GPU1, 512 * 1024 ** 2],
      [9090, MIG1, 512 * 1024 ** 2],
    ].sort(),
  );
});

fakeNvmlTest(
  "MIG: -i 0:1 and -i MIG-… pick one MIG device; -i 0 picks the GPU and its slices",
  async () => {
    const byIndex = await migJson(["-i", "0:1"]);
    assert.deepEqual(byIndex.devices.map((d) => d.id), [MIG1]);
    assert.deepEqual(byIndex.processes.map((p) => p.pid).sort(), [5151, 9090]);
    const byUuid = await migJson(["-i", MIG0.toLowerCase()]);
    assert.deepEqual(byUuid.devices.map((d) => d.id), [MIG0]);
    assert.deepEqual(byUuid.processes.map((p) => p.pid), [4242]);
    const parent = await migJson(["-i", "0"]);
    assert.deepEqual(parent.devices.map((d) => d.id), [GPU0, MIG0, MIG1]);
    const missing = await runCliOnFakeNvml(["-i", "1:0"], "mig");
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no device matches --id '1:0'/);
  },
);

fakeNvmlTest("MIG: the table shows MIG devices indented under their GPU as 0:0, 0:1", async () => {
  const result = await runCliOnFakeNvml([], "mig");
  assert.equal(result.code, 0, result.stderr);
  const rows = result.stdout.split("\n").filter((line) => / NVIDIA /.test(line));
  assert.match(rows[0] ?? "", /^ {2}0 {2}NVIDIA A100-SXM4-80GB /);
  assert.match(rows[1] ?? "", /^0:0 {4}NVIDIA A100-SXM4-80GB MIG 3g\.40gb /);
  assert.match(rows[2] ?? "", /^0:1 {4}NVIDIA A100-SXM4-80GB MIG 1g\.10gb /);
  assert.match(rows[3] ?? "", /^ {2}1 {2}NVIDIA L40S /);
});

fakeNvmlTest(
  "MIG: ps names a MIG process's device as 0:0 / 0:1, a whole GPU's by index",
  async () => {
    const result = await runCliOnFakeNvml(["ps", "--no-header"], "mig");
    assert.equal(result.code, 0, result.stderr);
    // PID USER GPU …: the fake has no /proc entries, so USER is "-".
    const gpuOf = new Map(
      result.stdout.trim().split("\n").map((line) => {
        const [pid, , gpu] = line.trim().split(/\s+/);
        return [Number(pid), gpu];
      }),
    );
    // 4242 on the 3g.40gb (slot 0), 5151 and 9090 on the 1g.10gb (slot 1), 7007 on the L40S.
    assert.deepEqual(Object.fromEntries(gpuOf), {
      4242: "0:0",
      5151: "0:1",
      9090: "0:1",
      7007: "1",
    });
  },
);

fakeNvmlTest("MIG: fit offers the slices, not the GPU they split", async () => {
  const result = await runCliOnFakeNvml(["fit", "30GiB", "--json"], "mig");
  assert.equal(result.code, 0, result.stderr);
  const fitting = JSON.parse(result.stdout).devices as Device[];
  // 3g.40gb has 37 GiB free, the L40S 44 GiB; the A100 itself (75 GiB free) is not offered.
  assert.deepEqual(fitting.map((d) => d.id), [GPU1, MIG0]);
});

fakeNvmlTest("MIG: check --min-gpus counts what a job could be given", async () => {
  // Two MIG devices and the L40S: 3; the A100 they split is not counted as well.
  const three = await runCliOnFakeNvml(["check", "--min-gpus", "3"], "mig");
  assert.equal(three.code, 0, three.stdout + three.stderr);
  const four = await runCliOnFakeNvml(["check", "--min-gpus", "4"], "mig");
  assert.equal(four.code, 1, four.stdout + four.stderr);
});

fakeNvmlTest(
  "MIG: a MIG handle that fails leaves the GPU reported, the reason in its error",
  async () => {
    const snapshot = await migJson([], "mig-handle-fails");
    assert.deepEqual(snapshot.devices.map((d) => d.id), [GPU0, MIG1, GPU1]);
    assert.equal(deviceById(snapshot, GPU0).error, "MIG 0: Unknown Error");
    assert.deepEqual(snapshot.processes.map((p) => p.pid).sort(), [5151, 7007, 9090]);
  },
);

fakeNvmlTest(
  "MIG: a GPU in MIG mode with no instance says so, and lists nothing twice",
  async () => {
    const snapshot = await migJson([], "mig-no-instances");
    assert.deepEqual(snapshot.devices.map((d) => d.id), [GPU0, GPU1]);
    const nvml = snapshot.backends.find((b) => b.id === "nvml");
    assert.equal(nvml?.detail, "GPU 0 MIG on, no instances");
    assert.deepEqual(snapshot.processes.map((p) => p.pid), [7007]);
  },
);

fakeNvmlTest("MIG: serve labels MIG series with parent, instance ids and profile", async () => {
  const procRoot = await Deno.makeTempDir({ prefix: "gputop-empty-proc-" });
  const serve = await startServe(
    ["--interval", "100ms", "--backends", "nvml", "--proc-root", procRoot],
    await fakeNvmlEnv("mig"),
  );
  try {
    let text = "";
    for (let tries = 0; tries < 50 && !text.includes(MIG1); tries++) {
      text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
      if (!text.includes(MIG1)) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(
      text,
      new RegExp(
        `^gputop_device_memory_total_bytes\\{index="3",uuid="${MIG1}",pci_bus_id="",` +
          `name="NVIDIA A100-SXM4-80GB MIG 1g.10gb",vendor="nvidia",parent="${GPU0}",` +
          `gpu_instance_id="9",compute_instance_id="0",profile="1g.10gb"\\} 10737418240$`,
        "m",
      ),
    );
    // A whole GPU's series carry no partition labels.
    assert.match(text, /^gputop_device_memory_total_bytes\{index="1",[^}]*vendor="nvidia"\} /m);
  } finally {
    await serve.stop();
    await Deno.remove(procRoot, { recursive: true });
  }
});
