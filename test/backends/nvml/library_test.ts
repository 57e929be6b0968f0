import assert from "node:assert/strict";
import { nvmlLibraryCandidates, openNvmlLibrary } from "../../../src/backends/nvml/library.ts";
import { buildFakeNvml, type FakeNvmlVariant } from "../../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "./_support.ts";

function env(values: Record<string, string>) {
  return (name: string) => values[name];
}

Deno.test("nvmlLibraryCandidates() tries GPUTOP_NVML_LIB first, then the Linux sonames", () => {
  assert.deepEqual(nvmlLibraryCandidates(env({ GPUTOP_NVML_LIB: "/opt/nvml.so" }), "linux"), [
    "/opt/nvml.so",
    "libnvidia-ml.so.1",
    "libnvidia-ml.so",
  ]);
  assert.deepEqual(nvmlLibraryCandidates(env({ GPUTOP_NVML_LIB: "" }), "linux"), [
    "libnvidia-ml.so.1",
    "libnvidia-ml.so",
  ]);
});

Deno.test("nvmlLibraryCandidates() uses absolute Windows paths, never the current folder", () => {
  assert.deepEqual(
    nvmlLibraryCandidates(
      env({ SystemRoot: "C:\\Windows", ProgramFiles: "C:\\Program Files" }),
      "windows",
    ),
    [
      "C:\\Windows\\System32\\nvml.dll",
      "C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvml.dll",
    ],
  );
});

async function choicesOf(variant: FakeNvmlVariant) {
  const opened = openNvmlLibrary([await buildFakeNvml(variant)]);
  assert.equal(opened.ok, true);
  if (!opened.ok) throw new Error("unreachable");
  try {
    return opened.library.choices;
  } finally {
    opened.library.close();
    opened.library.close();
  }
}

fakeNvmlTest("NvmlLibrary picks the newest entry points a current driver exports", async () => {
  assert.deepEqual(await choicesOf("default"), {
    init: "nvmlInit_v2",
    memory: "nvmlDeviceGetMemoryInfo_v2",
    computeProcesses: "nvmlDeviceGetComputeRunningProcesses_v3",
    graphicsProcesses: "nvmlDeviceGetGraphicsRunningProcesses_v3",
    processEntryBytes: 24,
  });
});

fakeNvmlTest("NvmlLibrary falls back to v1 entry points one by one", async () => {
  assert.deepEqual(await choicesOf("v1-only"), {
    init: "nvmlInit",
    memory: "nvmlDeviceGetMemoryInfo",
    computeProcesses: "nvmlDeviceGetComputeRunningProcesses",
    graphicsProcesses: "nvmlDeviceGetGraphicsRunningProcesses",
    processEntryBytes: 16,
  });
  assert.equal((await choicesOf("no-memory-v2")).memory, "nvmlDeviceGetMemoryInfo");
  const noV3 = await choicesOf("no-v3");
  assert.deepEqual([noV3.computeProcesses, noV3.processEntryBytes], [
    "nvmlDeviceGetComputeRunningProcesses_v2",
    24,
  ]);
});

fakeNvmlTest("NvmlLibrary reads 32-byte _v3 entries from an early-R535-style driver", async () => {
  const wide = await choicesOf("v3-wide");
  assert.deepEqual([wide.computeProcesses, wide.processEntryBytes], [
    "nvmlDeviceGetComputeRunningProcesses_v3",
    32,
  ]);
});

fakeNvmlTest(
  "NvmlLibrary.message() uses nvmlErrorString, with the local table behind it",
  async () => {
    const opened = openNvmlLibrary([await buildFakeNvml()]);
    if (!opened.ok) throw new Error("fake did not load");
    try {
      assert.equal(opened.library.message(15), "GPU is lost");
      assert.equal(opened.library.message(9), "Driver Not Loaded");
      // The fake has no text for 26 (newer than the 11.8 header).
      assert.equal(opened.library.message(26), "Requested functionality has been deprecated");
    } finally {
      opened.library.close();
    }
  },
);
