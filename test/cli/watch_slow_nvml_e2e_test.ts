/**
 * `gputop watch` while NVML's init is slower than the open deadline (1 s): the fake NVML
 * (scenario two-gpus: 0000:07:00.0 with UUID GPU-0f6a1a2b-…, and 0000:81:00.0) sleeps in
 * nvmlInit (FAKE_NVML_INIT_SLEEP_MS), so the first lines have only the DRM card and NVML's
 * GPUs join later. Indexes must not move when they do, and `-i` is judged only once NVML has
 * opened.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { buildFakeNvml } from "../fakes/nvml/build_fake_nvml.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { fixtureRootArgs, FIXTURES_LINUX } from "../linux/sysfs/fixture_tree.ts";
import { parseTtar } from "../linux/sysfs/ttar_to_tree.ts";
import { writeEntries } from "../linux/sysfs/tree_to_ttar.ts";
import { runCli } from "../support/run_cli.ts";
import { jsonLines } from "../support/watch_cli.ts";

const NVML_UUID = "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7";

/**
 * The amdgpu-discrete scenario with its card moved from 0000:03:00.0 to 0000:90:00.0 (root
 * port pci0000:80), so that in PCI order it sorts after both of the fake NVML's GPUs.
 */
function amdAt90(): { args: string[]; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-amd90-" });
  for (const tree of ["sys", "proc"]) {
    const text = Deno.readTextFileSync(join(FIXTURES_LINUX, "amdgpu-discrete", `${tree}.ttar`))
      .replaceAll("0000:03:00.0", "0000:90:00.0").replaceAll("pci0000:00", "pci0000:80");
    writeEntries(parseTtar(text), join(dir, tree));
  }
  return {
    args: ["--sys-root", join(dir, "sys"), "--proc-root", join(dir, "proc")],
    dispose: () => Deno.removeSync(dir, { recursive: true }),
  };
}

async function slowNvmlEnv(initSleepMs: number): Promise<Record<string, string>> {
  return {
    GPUTOP_NVML_LIB: await buildFakeNvml(),
    FAKE_NVML_SCENARIO: "two-gpus",
    FAKE_NVML_INIT_SLEEP_MS: String(initSleepMs),
  };
}

fakeNvmlTest(
  "watch: the DRM card keeps index 0 when NVML's GPUs (earlier in PCI order) join late",
  async () => {
    const fixture = amdAt90();
    try {
      // Open deadline 1 s, warm-up 250 ms, then a line every 300 ms: lines at ≈1.25 s, 1.55 s,
      // … 4.55 s; NVML opens at 2 s, so the first lines lack its GPUs and the last ones have them.
      const result = await runCli(
        [
          "watch",
          "--interval",
          "300ms",
          "--count",
          "12",
          "--backends",
          "nvml,drm",
          ...fixture.args,
        ],
        { env: await slowNvmlEnv(2000) },
      );
      assert.equal(result.code, 0, result.stderr);
      const lines = jsonLines(result.stdout);
      assert.equal(lines.length, 12);
      const before = lines.filter((l) => l.devices.length === 1);
      const after = lines.filter((l) => l.devices.length === 3);
      assert.ok(before.length >= 1 && after.length >= 1, "NVML joined mid-run");
      assert.equal(before.length + after.length, 12);
      for (const line of before) {
        assert.deepEqual(line.devices.map((d) => [d.index, d.pciBusId]), [[0, "0000:90:00.0"]]);
      }
      for (const line of after) {
        // The AMD card was numbered first and keeps 0; NVML's GPUs get 1 and 2 in PCI order.
        assert.deepEqual(line.devices.map((d) => [d.index, d.pciBusId]), [
          [0, "0000:90:00.0"],
          [1, "0000:07:00.0"],
          [2, "0000:81:00.0"],
        ]);
        assert.equal(line.devices[1]?.uuid, NVML_UUID);
      }
      for (const line of lines) {
        // glxgears (pid 2001, amdgpu-discrete's fdinfo) stays on device 0 throughout.
        const glxgears = line.processes.find((p) => p.pid === 2001);
        assert.equal(glxgears?.deviceIndex, 0);
        assert.equal(glxgears?.deviceId, "0000:90:00.0");
      }
    } finally {
      fixture.dispose();
    }
  },
);

const AMD_FIXTURE = fixtureRootArgs("amdgpu-discrete");

fakeNvmlTest("watch -i <NVML UUID> waits for NVML's slow init instead of exiting 1", async () => {
  // NVML opens at ≈2.5 s; lines at ≈1.25 s, 1.75 s, … 3.75 s.
  const result = await runCli(
    ["watch", "-i", NVML_UUID, "--interval", "500ms", "--count", "6", ...AMD_FIXTURE],
    { env: await slowNvmlEnv(2500) },
  );
  assert.equal(result.code, 0, result.stderr);
  const lines = jsonLines(result.stdout);
  assert.equal(lines.length, 6);
  const waiting = lines.filter((l) => l.devices.length === 0);
  assert.ok(waiting.length >= 1, "the first lines came while NVML was still opening");
  for (const line of waiting) {
    const nvml = line.backends.find((b) => b.id === "nvml");
    assert.match(nvml?.detail ?? "", /\(still opening\)$/);
  }
  const last = lines.at(-1);
  assert.deepEqual(last?.devices.map((d) => d.uuid), [NVML_UUID]);
});

fakeNvmlTest(
  "watch -i <no such device> with a slow NVML: exit 1 once NVML has opened, naming the devices",
  async () => {
    const started = performance.now();
    const result = await runCli(
      ["watch", "-i", "7", "--interval", "500ms", "--count", "20", ...AMD_FIXTURE],
      { env: await slowNvmlEnv(2500) },
    );
    const tookMs = performance.now() - started;
    assert.equal(result.code, 1, result.stderr);
    // 0000:03:00.0 (AMD) was numbered first, while NVML was opening; then 07:00.0 and 81:00.0.
    assert.equal(
      result.stderr,
      "gputop: no device matches --id '7'; devices: 0 (0000:03:00.0), 1 (0000:07:00.0), " +
        "2 (0000:81:00.0)\n",
    );
    // Judged after the 2.5 s init, long before the 20 lines (≈11 s) would have ended the watch.
    assert.ok(tookMs > 2_500 && tookMs < 9_000, `took ${tookMs} ms`);
    // The lines before the judgement carried what matched: nothing.
    const lines = jsonLines(result.stdout);
    assert.ok(lines.length >= 1);
    for (const line of lines) assert.deepEqual(line.devices, []);
  },
);
