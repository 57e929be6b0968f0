/** `gputop fit SIZE` end to end, against the fake NVML and a DRM fixture tree. */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { runCliOnFakeNvml } from "../support/fake_nvml_cli.ts";

// Fake NVML two-gpus: GPU 0 free 81038147584 (75.47 GiB), GPU 1 free 47299166208 (44.05 GiB).
fakeNvmlTest("fit lists the devices with at least SIZE free, most free first", async () => {
  // 44GiB = 47244640256: both fit, GPU 0 first (more free).
  const both = await runCliOnFakeNvml(["fit", "44GiB", "--json"]);
  assert.equal(both.code, 0, both.stderr);
  const json = parseJsonOutput(both) as {
    sizeBytes: number;
    devices: { index: number; memoryFreeBytes: number }[];
  };
  assert.equal(json.sizeBytes, 47244640256);
  assert.deepEqual(json.devices.map((d) => [d.index, d.memoryFreeBytes]), [
    [0, 81038147584],
    [1, 47299166208],
  ]);
  // 45GiB = 48318382080 > GPU 1's free: only GPU 0.
  const one = await runCliOnFakeNvml(["fit", "45GiB"]);
  assert.equal(one.code, 0, one.stderr);
  assert.match(one.stdout, /^\s*0\s+NVIDIA A100-SXM4-80GB\s+75\.5 GiB\s+80\.0 GiB$/m);
  assert.doesNotMatch(one.stdout, /L40S/);
  // 76GiB = 81604378624 > 81038147584: none.
  const none = await runCliOnFakeNvml(["fit", "76GiB"]);
  assert.equal(none.code, 1, none.stderr);
  assert.match(none.stdout, /No device has 76\.0 GiB \(76GiB\) free/);
});

// amdgpu-discrete: 8573157376 − 1490378752 = 7082778624 free.
Deno.test("fit on a DRM tree, the size boundary in decimal and binary units", async () => {
  const args = (size: string) => [
    "fit",
    size,
    "--json",
    ...drmFixtureArgs("amdgpu-discrete"),
  ];
  assert.equal((await runCli(args("7082778624"))).code, 0); // exactly the free figure
  assert.equal((await runCli(args("7082778625"))).code, 1);
  assert.equal((await runCli(args("7GB"))).code, 0); // 7000000000
  assert.equal((await runCli(args("7GiB"))).code, 1); // 7516192768
});

Deno.test("fit: no device exits 3; a missing or bad SIZE is a usage error", async () => {
  const empty = Deno.makeTempDirSync();
  try {
    Deno.mkdirSync(`${empty}/sys/class/drm`, { recursive: true });
    const result = await runCli(["fit", "1GiB", "--backends", "drm", "--sys-root", `${empty}/sys`]);
    assert.equal(result.code, 3, result.stderr);
    assert.match(result.stdout, /No GPUs found/);
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
  const missing = await runCli(["fit"]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /missing argument SIZE/);
  const bad = await runCli(["fit", "lots"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /'lots'.*24GiB, 500MB, 1\.5TB/);
  const extra = await runCli(["fit", "1GiB", "2GiB"]);
  assert.equal(extra.code, 2);
  assert.match(extra.stderr, /unexpected argument '2GiB'/);
});
