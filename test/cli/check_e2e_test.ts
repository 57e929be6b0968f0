/**
 * `gputop check` as a CI job runs it, against the DRM fixture trees and the fake NVML.
 * Expected values come from the fixture files and the fake's tables, worked in comments.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { fakeNvmlTest } from "../backends/nvml/_support.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { assertUsageError } from "../support/usage_error.ts";
import { runCliOnFakeNvml } from "../support/fake_nvml_cli.ts";

interface Report {
  pass: boolean;
  exitCode: number;
  devicesFound: number;
  devicesChecked: number;
  assertions: {
    assertion: string;
    pass: boolean;
    observed: { deviceIndex: number | null; value: unknown; pass: boolean }[];
    reason: string | null;
  }[];
}

// amdgpu-discrete, card 0000:03:00.0: mem_info_vram_total 8573157376, mem_info_vram_used
// 1490378752 → free 7082778624 (6.60 GiB, 7.08 GB); temp1_input 34000 → 34 °C; busy 4 %.
Deno.test("check on an AMD card: every assertion passes, exit 0, table names each", async () => {
  const result = await runCli([
    "check",
    ...drmFixtureArgs("amdgpu-discrete"),
    "--min-gpus",
    "1",
    "--vendor",
    "amd",
    "--require-backend",
    "drm",
    "--min-free-memory",
    "7GB", // 7000000000 ≤ 7082778624
    "--max-used-memory",
    "1490378752", // exactly the used figure: limits are inclusive
    "--max-temperature",
    "34",
    "--max-utilization",
    "4",
  ]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /^--min-free-memory 7GB\s+0\s+6\.6 GiB free\s+PASS$/m);
  assert.match(result.stdout, /^--max-temperature 34\s+0\s+34 °C\s+PASS$/m);
  assert.match(result.stdout, /^--vendor amd\s+all\s+0 amd\s+PASS$/m);
  assert.match(result.stdout, /^check: PASS — 7 of 7 passed on 1 device\(s\)$/m);
});

Deno.test("check --json: a failing assertion, its observed value, exit 1", async () => {
  const result = await runCli([
    "check",
    "--json",
    ...drmFixtureArgs("amdgpu-discrete"),
    "--min-free-memory",
    "7GiB", // 7516192768 > 7082778624 free
    "--no-processes", // glxgears (2001) and python3 (2217) hold memory
  ]);
  assert.equal(result.code, 1, result.stderr);
  const report = parseJsonOutput(result) as Report;
  assert.equal(report.pass, false);
  assert.equal(report.exitCode, 1);
  assert.deepEqual(report.assertions.map((a) => [a.assertion, a.pass]), [
    ["--min-free-memory 7GiB", false],
    ["--no-processes", false],
  ]);
  assert.deepEqual(report.assertions[0]?.observed, [
    {
      deviceIndex: 0,
      deviceId: "0000:03:00.0",
      value: 7082778624,
      shown: "6.6 GiB free",
      pass: false,
    },
  ]);
  assert.equal(report.assertions[1]?.observed[0]?.value, 2);
});

// mixed-two-gpus: device 0 is the i915 0000:00:02.0 (shared memory, no VRAM figures),
// device 1 the amdgpu card above. -i 1 selects only the AMD card.
Deno.test("check -i selects the devices judged; an unreported value fails with why", async () => {
  const mixed = drmFixtureArgs("mixed-two-gpus");
  const all = await runCli(["check", ...mixed, "--min-free-memory", "1GiB"]);
  assert.equal(all.code, 1, all.stderr);
  assert.match(all.stdout, /^--min-free-memory 1GiB\s+0\s+unknown\s+FAIL$/m);
  assert.match(all.stdout, /^reason: --min-free-memory 1GiB: not reported for device 0/m);
  const one = await runCli(["check", ...mixed, "-i", "1", "--min-free-memory", "1GiB"]);
  assert.equal(one.code, 0, one.stdout);
  assert.doesNotMatch(one.stdout, /^\S+\s+0\s/m);
  const none = await runCli(["check", ...mixed, "-i", "7", "--min-gpus", "1"]);
  assert.equal(none.code, 1);
  assert.match(none.stdout, /no device matches --id '7'/);
});

Deno.test("check with no device at all exits 3 and names the backend that could not read", async () => {
  const empty = Deno.makeTempDirSync();
  try {
    Deno.mkdirSync(`${empty}/sys/class/drm`, { recursive: true });
    const result = await runCli(
      ["check", "--backends", "nvml,drm", "--sys-root", `${empty}/sys`, "--min-gpus", "1"],
      { env: { GPUTOP_NVML_LIB: `${empty}/missing.so`, LD_LIBRARY_PATH: `${empty}/none` } },
    );
    assert.equal(result.code, 3, result.stdout + result.stderr);
    assert.match(result.stdout, /^--min-gpus 1\s+all\s+0 GPU\(s\)\s+FAIL$/m);
    assert.match(result.stdout, /^reason: --min-gpus 1: nvml unavailable: /m);
    assert.match(result.stdout, /check: FAIL — no device found/);
  } finally {
    Deno.removeSync(empty, { recursive: true });
  }
});

Deno.test("check usage errors exit 2 with one line naming the flag", async () => {
  for (
    const [args, needle] of [
      [["check"], "at least one assertion"],
      [["check", "--min-free-memory", "24G"], "24GiB, 500MB, 1.5TB"],
      [["check", "--max-temperature", "hot"], "--max-temperature: 'hot'"],
      [["check", "--vendor", "3dfx"], "--vendor: '3dfx'"],
      [["check", "--require-backend", "cuda"], "--require-backend: 'cuda'"],
      [["check", "--min-gpus", "1.5"], "--min-gpus: '1.5'"],
      [["check", "--max-utilization", "101"], "--max-utilization: '101'"],
      [["check", "--driver-min", "latest"], "--driver-min: 'latest'"],
      [["ps", "--min-gpus", "1"], "--min-gpus"],
    ] as const
  ) {
    await assertUsageError(args, needle);
  }
});

// Fake NVML two-gpus: GPU 0 A100 64 °C, 87 %, used 4861198336 (4.53 GiB), driver 535.261.03;
// GPU 1 L40S 38 °C, 3 %, used 1006632960 (0.94 GiB). Processes: 4242, 5151, 6000 on GPU 0,
// 7007 on GPU 1.
fakeNvmlTest("check against NVML: per-device PASS/FAIL with the fake's values", async () => {
  const result = await runCliOnFakeNvml([
    "check",
    "--json",
    "--require-backend",
    "nvml",
    "--max-temperature",
    "60",
    "--max-utilization",
    "50",
    "--max-used-memory",
    "4GiB", // 4294967296: GPU 0 uses more, GPU 1 less
    "--driver-min",
    "535.104",
  ]);
  assert.equal(result.code, 1, result.stderr);
  const report = parseJsonOutput(result) as Report;
  const perDevice = (name: string) =>
    report.assertions.find((a) => a.assertion.startsWith(name))?.observed.map((o) => [
      o.deviceIndex,
      o.value,
      o.pass,
    ]);
  assert.deepEqual(perDevice("--require-backend"), [[null, "ok", true]]);
  assert.deepEqual(perDevice("--max-temperature"), [[0, 64, false], [1, 38, true]]);
  assert.deepEqual(perDevice("--max-utilization"), [[0, 87, false], [1, 3, true]]);
  assert.deepEqual(perDevice("--max-used-memory"), [[0, 4861198336, false], [1, 1006632960, true]]);
  assert.deepEqual(perDevice("--driver-min"), [[0, "535.261.03", true], [1, "535.261.03", true]]);

  const gpu1 = await runCliOnFakeNvml([
    "check",
    "-i",
    "1",
    "--max-temperature",
    "60",
    "--driver-min",
    "550",
  ]);
  assert.equal(gpu1.code, 1, gpu1.stderr); // 535.261.03 < 550
  assert.match(gpu1.stdout, /^--max-temperature 60\s+1\s+38 °C\s+PASS$/m);
  assert.match(gpu1.stdout, /^--driver-min 550\s+1\s+535\.261\.03\s+FAIL$/m);
});

fakeNvmlTest("check when the NVIDIA driver is not loaded: exit 3, nvml named as why", async () => {
  const result = await runCliOnFakeNvml(["check", "--min-gpus", "1"], "driver-not-loaded");
  assert.equal(result.code, 3, result.stdout + result.stderr);
  assert.match(result.stdout, /^reason: --min-gpus 1: nvml unavailable: NVIDIA driver not loaded/m);
});
