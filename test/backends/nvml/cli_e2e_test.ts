/**
 * gputop as a user runs it, with NVML from the fake library (GPUTOP_NVML_LIB) or the real
 * one. `--proc-root` points at an empty folder so no real process with a fake pid lends
 * its name to the output.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import type {
  Device,
  DeviceReading,
  GpuProcess,
  ProcessReading,
} from "../../../src/model/types.ts";
import { emptyDeviceMetrics } from "../../../src/model/empty_device.ts";
import { buildFakeNvml } from "../../fakes/nvml/build_fake_nvml.ts";
import { scenarioRootOf } from "../../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../../support/run_cli.ts";
import { snapshotOutput } from "../../support/snapshot_output.ts";
import { runCliOnFakeNvml } from "../../support/fake_nvml_cli.ts";
import { fakeNvmlTest } from "./_support.ts";
import { GPU0, GPU0_ID, GPU1, GPU1_ID, PROCESSES } from "./expected.ts";
import { NO_ATTRIBUTION } from "../../../src/model/process_attribution.ts";

/** The JSON device for a backend reading: keys NVML does not provide are null. */
function jsonDevice(index: number, reading: DeviceReading): Omit<Device, "sources"> {
  const { localId: _localId, ...fields } = reading;
  return {
    index,
    id: reading.pciBusId ?? reading.localId,
    ...emptyDeviceMetrics(),
    ...fields,
    // NVML's figure is the device's own busy counter; the merge labels it so.
    utilizationSource: (fields.utilizationPercent ?? null) === null ? null : "device",
  } as Omit<Device, "sources">;
}

function jsonProcess(reading: ProcessReading): GpuProcess {
  return {
    pid: reading.pid,
    name: null,
    command: null,
    user: null,
    deviceIndex: reading.deviceLocalId === GPU0_ID ? 0 : 1,
    deviceId: reading.deviceLocalId,
    gpuMemoryBytes: reading.gpuMemoryBytes ?? null,
    memoryByRegion: null,
    engines: reading.engines ?? null,
    type: reading.type ?? null,
    rssBytes: null,
    source: "nvml",
    perProcess: true,
    ...NO_ATTRIBUTION,
  };
}

fakeNvmlTest("gputop --json --backends nvml reports every NVML field of two GPUs", async () => {
  const result = await runCliOnFakeNvml(["--json"]);
  assert.equal(result.code, 0, result.stderr);
  const snapshot = snapshotOutput(result);
  const nvml = snapshot.backends.find((backend) => backend.id === "nvml");
  assert.deepEqual(nvml, {
    id: "nvml",
    status: "ok",
    detail: null,
    library: await buildFakeNvml(),
    version: "535.261.03 (NVML 12.535.261.03)",
  });
  const devices = snapshot.devices.map(({ sources: _sources, ...device }) => device);
  assert.deepEqual(devices, [jsonDevice(0, GPU0), jsonDevice(1, GPU1)]);
  for (const device of snapshot.devices) {
    for (const [key, value] of Object.entries(device)) {
      if (["index", "id", "vendor", "sources", "error"].includes(key) || value === null) continue;
      assert.equal(device.sources[key], "nvml", `sources.${key}`);
    }
  }
  const processes = [...snapshot.processes].sort((a, b) => a.pid - b.pid);
  assert.deepEqual(processes, PROCESSES.map(jsonProcess));
});

fakeNvmlTest("gputop --backends nvml prints the GPUs and processes as a table", async () => {
  const result = await runCliOnFakeNvml([]);
  assert.equal(result.code, 0, result.stderr);
  for (
    const text of [
      "NVIDIA A100-SXM4-80GB",
      "NVIDIA L40S",
      "535.261.03",
      "87%", // GPU 0 utilisation
      "64 °C",
      "4242",
      "5151",
      "6000",
      "7007",
      "compute+graphics",
      "graphics",
    ]
  ) {
    assert.ok(result.stdout.includes(text), `missing ${JSON.stringify(text)} in\n${result.stdout}`);
  }
});

fakeNvmlTest(
  "gputop --json shows a lost GPU with its error and still reads the other",
  async () => {
    const result = await runCliOnFakeNvml(["--json"], "gpu-lost");
    assert.equal(result.code, 0, result.stderr);
    const snapshot = snapshotOutput(result);
    assert.deepEqual(
      snapshot.devices.map((d) => [d.id, d.name, d.error, d.memoryTotalBytes]),
      [
        [GPU0_ID, "NVIDIA A100-SXM4-80GB", null, 85899345920],
        [GPU1_ID, "NVIDIA L40S", "GPU is lost", null],
      ],
    );
    assert.deepEqual(snapshot.processes.map((p) => p.pid).sort((a, b) => a - b), [
      4242,
      5151,
      6000,
    ]);
  },
);

fakeNvmlTest("gputop backends reports DRIVER_NOT_LOADED from the fake", async () => {
  const result = await runCliOnFakeNvml(["backends", "--json"], "driver-not-loaded");
  assert.equal(result.code, 0, result.stderr);
  const backends = parseJsonOutput(result) as { id: string; status: string; detail: string }[];
  const nvml = backends.find((backend) => backend.id === "nvml");
  assert.deepEqual([nvml?.status, nvml?.detail], ["unavailable", "NVIDIA driver not loaded"]);
});

const REAL_LIBRARY = "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1";
const realSkip = !existsSync(REAL_LIBRARY)
  ? `${REAL_LIBRARY} not installed (Debian: libnvidia-ml1)`
  : existsSync("/proc/driver/nvidia/version")
  ? "an NVIDIA driver is loaded here"
  : null;

Deno.test({
  name: realSkip === null
    ? "gputop backends --backends nvml with the real libnvidia-ml says 'NVIDIA driver not loaded'"
    : `gputop backends with the real libnvidia-ml (skipped: ${realSkip})`,
  ignore: realSkip !== null,
  async fn() {
    // Forced: without the driver there is no /dev/nvidia<N>, so a default run skips nvml.
    const result = await runCli(["backends", "--backends", "nvml"]);
    assert.equal(result.code, 0, result.stderr);
    const line = result.stdout.split("\n").find((text) => text.startsWith("nvml "));
    assert.ok(line, result.stdout);
    for (const text of ["unavailable", "libnvidia-ml.so.1", "NVIDIA driver not loaded"]) {
      assert.ok(line.includes(text), `missing ${text} in ${line}`);
    }
  },
});

Deno.test("gputop backends names the NVML libraries it tried", async () => {
  const result = await runCli(["backends", "--json", "--backends", "nvml"], {
    env: { GPUTOP_NVML_LIB: "/nonexistent/libnvidia-ml.so.1", LD_LIBRARY_PATH: "" },
  });
  assert.equal(result.code, 0, result.stderr);
  const backends = parseJsonOutput(result) as {
    id: string;
    status: string;
    detail: string;
    library: string;
  }[];
  const nvml = backends.find((backend) => backend.id === "nvml");
  assert.ok(nvml);
  if (nvml.library === "libnvidia-ml.so.1") {
    // The system's libnvidia-ml loaded after the explicit path failed: the detail says so.
    assert.match(nvml.detail, /not loaded: \/nonexistent\/libnvidia-ml\.so\.1: /);
    return;
  }
  assert.equal(nvml.status, "unavailable");
  assert.equal(nvml.library, "/nonexistent/libnvidia-ml.so.1, libnvidia-ml.so.1, libnvidia-ml.so");
  for (const name of ["/nonexistent/libnvidia-ml.so.1", "libnvidia-ml.so.1", "libnvidia-ml.so"]) {
    assert.ok(nvml.detail.includes(`${name}: `), nvml.detail);
  }
});

Deno.test({
  name: realSkip === null
    ? "gputop --json with the real libnvidia-ml still reads the other backends"
    : `gputop --json with the real libnvidia-ml and DRM (skipped: ${realSkip})`,
  ignore: realSkip !== null,
  async fn() {
    const scenario = `${scenarioRootOf("amdgpu-discrete")}/`;
    const result = await runCli([
      "--json",
      "--backends",
      "nvml,drm",
      "--proc-root",
      `${scenario}proc`,
      "--sys-root",
      `${scenario}sys`,
    ]);
    assert.equal(result.code, 0, result.stderr);
    const snapshot = snapshotOutput(result);
    const nvml = snapshot.backends.find((backend) => backend.id === "nvml");
    assert.deepEqual([nvml?.status, nvml?.detail], ["unavailable", "NVIDIA driver not loaded"]);
    // The amdgpu scenario's one card (0000:03:00.0) comes through the DRM backend.
    assert.deepEqual(snapshot.devices.map((d) => [d.pciBusId, d.vendor, d.sources.name]), [
      ["0000:03:00.0", "amd", "drm"],
    ]);
  },
});
