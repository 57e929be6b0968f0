/**
 * selfUsage() inside a process that two backends report as a GPU user: the fake NVML (with
 * FAKE_NVML_SELF_PID=1 its GPU 0 compute process 4242 becomes this pid) and a fixture
 * /proc/<this pid>/fdinfo (amdgpu-discrete's pid 2001, copied under this pid).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { selfUsage } from "../../src/mod.ts";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { copyTree, procRootOf, sysRootOf } from "../linux/sysfs/fixture_tree.ts";

fakeNvmlTest("selfUsage() sums this process's GPU memory from NVML and DRM fdinfo", async () => {
  const library = await buildFakeNvml();
  const dir = Deno.makeTempDirSync({ prefix: "gputop-self-" });
  const saved = ["GPUTOP_NVML_LIB", "FAKE_NVML_SELF_PID", "FAKE_NVML_SCENARIO"].map((
    name,
  ) => [name, Deno.env.get(name)] as const);
  try {
    const procRoot = join(dir, "proc");
    copyTree(join(procRootOf("amdgpu-discrete"), "2001"), join(procRoot, String(Deno.pid)));
    Deno.env.set("GPUTOP_NVML_LIB", library);
    Deno.env.set("FAKE_NVML_SELF_PID", "1");
    Deno.env.set("FAKE_NVML_SCENARIO", "two-gpus");
    const usage = await selfUsage({
      backends: ["nvml", "drm"],
      procRoot,
      sysRoot: sysRootOf("amdgpu-discrete"),
    });
    assert.equal(usage.pid, Deno.pid);
    assert.ok(usage.rssBytes !== null && usage.rssBytes > 0, `rss ${usage.rssBytes}`);
    const devices = [...usage.devices].sort((a, b) => (a.deviceIndex ?? 0) - (b.deviceIndex ?? 0));
    assert.deepEqual(devices.map((d) => [d.deviceId, d.gpuMemoryBytes, d.perProcess, d.source]), [
      // fdinfo of client 30 (fds 4 and 5, counted once): drm-memory-vram 544428 KiB
      // = 544428 × 1024 = 557494272 bytes; the amdgpu card is 0000:03:00.0.
      ["0000:03:00.0", 557494272, true, "drm"],
      // fake_nvml.c: GPU 0 (bus 0x07) compute process 4242 → this pid, 2147483648 bytes.
      ["0000:07:00.0", 2147483648, true, "nvml"],
    ]);
    // 557494272 + 2147483648 = 2704977920
    assert.equal(usage.gpuMemoryBytes, 2704977920);
    assert.equal(usage.backends.find((b) => b.id === "nvml")?.status, "ok");
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("selfUsage() of a process no backend reports: no devices, GPU memory unknown", async () => {
  const empty = Deno.makeTempDirSync({ prefix: "gputop-empty-proc-" });
  try {
    const usage = await selfUsage({ backends: ["drm"], procRoot: empty, pid: 1 });
    assert.equal(usage.pid, 1);
    assert.deepEqual(usage.devices, []);
    assert.equal(usage.gpuMemoryBytes, null);
    // A library user is not told about a CLI flag.
    const skipped = usage.backends.find((b) => b.id === "nvml");
    assert.equal(skipped?.status, "skipped");
    assert.equal(skipped?.detail, "not selected");
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
});
