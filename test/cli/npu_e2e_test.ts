/**
 * An NPU-only machine (fixtures/linux/npu-amdxdna: an amdxdna NPU under /sys/class/accel, no
 * DRM card) through the CLI: the device with deviceClass npu, its client process, `check
 * --min-npus` and `--min-gpus`, and the JSON against `gputop schema`.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { parseJsonOutput, runCli } from "../support/run_cli.ts";
import { schemaValidator } from "../support/schema_validator.ts";

interface Output {
  devices: { id: string; deviceClass: string | null; vendor: string; driver: string | null }[];
  processes: { pid: number; deviceId: string; gpuMemoryBytes: number | null }[];
}

Deno.test("NPU-only tree: the NPU listed with deviceClass npu, its process, JSON valid", async () => {
  const result = await runCli(["--json", ...drmFixtureArgs("npu-amdxdna")]);
  assert.equal(result.code, 0, result.stderr);
  const output = parseJsonOutput(result) as Output;
  assert.deepEqual(
    output.devices.map((d) => [d.id, d.deviceClass, d.vendor, d.driver]),
    [["0000:c5:00.1", "npu", "amd", "amdxdna"]],
  );
  // The capture's drm-total-memory 0: a known 0, not unknown.
  assert.deepEqual(
    output.processes.map((p) => [p.pid, p.deviceId, p.gpuMemoryBytes]),
    [[3200, "0000:c5:00.1", 0]],
  );
  const validate = await schemaValidator();
  const verdict = validate(output);
  assert.ok(verdict.ok, verdict.errors);
});

Deno.test("NPU-only tree: the table lists the NPU and its process", async () => {
  const result = await runCli(drmFixtureArgs("npu-amdxdna"));
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^\s+0\s+AMD NPU 1022:17f0\s+amd\s+amdxdna\s/m);
  assert.match(result.stdout, /^3200\s.*python3 run_llm\.py --device npu$/m);
});

Deno.test("check on an NPU-only tree: --min-npus 1 passes, --min-gpus 1 fails", async () => {
  const npus = await runCli(["check", ...drmFixtureArgs("npu-amdxdna"), "--min-npus", "1"]);
  assert.equal(npus.code, 0, npus.stdout + npus.stderr);
  assert.match(npus.stdout, /^--min-npus 1\s+all\s+1 NPU\(s\)\s+PASS$/m);
  const gpus = await runCli(["check", ...drmFixtureArgs("npu-amdxdna"), "--min-gpus", "1"]);
  assert.equal(gpus.code, 1, gpus.stdout + gpus.stderr);
  assert.match(gpus.stdout, /^--min-gpus 1\s+all\s+0 GPU\(s\)\s+FAIL$/m);
});

Deno.test("check on a GPU tree: --min-npus 1 fails, --min-gpus 1 passes", async () => {
  const result = await runCli([
    "check",
    ...drmFixtureArgs("amdgpu-discrete"),
    "--min-gpus",
    "1",
    "--min-npus",
    "1",
  ]);
  assert.equal(result.code, 1, result.stdout + result.stderr);
  assert.match(result.stdout, /^--min-gpus 1\s+all\s+1 GPU\(s\)\s+PASS$/m);
  assert.match(result.stdout, /^--min-npus 1\s+all\s+0 NPU\(s\)\s+FAIL$/m);
});
