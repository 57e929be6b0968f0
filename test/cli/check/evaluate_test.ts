import assert from "node:assert/strict";
import type { Assertion } from "../../../src/cli/check/assertions.ts";
import { evaluateAssertions } from "../../../src/cli/check/evaluate.ts";
import {
  makeBackend,
  makeDevice,
  makeProcess,
  makeSnapshot,
} from "../../render/snapshot_builder.ts";

const GiB = 1024 ** 3;

const snapshot = makeSnapshot({
  backends: [
    makeBackend({ id: "nvml", status: "unavailable", detail: "NVIDIA driver not loaded" }),
    makeBackend({ id: "nvidia-smi", status: "skipped", detail: "not selected by --backends" }),
    makeBackend({ id: "drm", status: "ok" }),
  ],
  devices: [
    makeDevice({
      index: 0,
      id: "0000:03:00.0",
      vendor: "amd",
      memoryFreeBytes: 7 * GiB,
      memoryUsedBytes: 1 * GiB,
      temperatureCelsius: 34,
      utilizationPercent: 4,
      driverVersion: "6.8.0",
    }),
    makeDevice({ index: 1, id: "0000:00:02.0", vendor: "intel" }), // nothing reported
  ],
  processes: [
    makeProcess({ pid: 10, deviceIndex: 0, gpuMemoryBytes: 0 }), // holds nothing
    makeProcess({ pid: 11, deviceIndex: 1, gpuMemoryBytes: null }), // unknown: counts
  ],
});

function judge(assertion: Assertion) {
  const [result] = evaluateAssertions(snapshot, [assertion]);
  assert.ok(result);
  return result;
}

Deno.test("check: a value nobody reports fails and names the backend that could not read", () => {
  const result = judge({
    kind: "min-free-memory",
    label: "--min-free-memory 6GiB",
    bytes: 6 * GiB,
  });
  assert.equal(result.pass, false);
  assert.deepEqual(result.observed.map((o) => [o.deviceIndex, o.value, o.pass]), [
    [0, 7 * GiB, true], // 7 GiB ≥ 6 GiB
    [1, null, false],
  ]);
  assert.equal(
    result.reason,
    "not reported for device 1; nvml unavailable: NVIDIA driver not loaded",
  );
});

Deno.test("check: limits are inclusive and compared per device", () => {
  assert.equal(judge({ kind: "max-temperature", label: "t", celsius: 34 }).observed[0]?.pass, true);
  assert.equal(
    judge({ kind: "max-temperature", label: "t", celsius: 33 }).observed[0]?.pass,
    false,
  );
  assert.equal(judge({ kind: "max-used-memory", label: "u", bytes: GiB }).observed[0]?.pass, true);
  assert.equal(judge({ kind: "max-utilization", label: "p", percent: 3 }).observed[0]?.pass, false);
  assert.equal(judge({ kind: "driver-min", label: "d", version: "6.8" }).observed[0]?.pass, true);
  assert.equal(judge({ kind: "driver-min", label: "d", version: "6.10" }).observed[0]?.pass, false);
});

Deno.test("check: machine-wide assertions: device count, vendor present, backend ok", () => {
  assert.equal(judge({ kind: "min-gpus", label: "g", count: 2 }).pass, true);
  const three = judge({ kind: "min-gpus", label: "g", count: 3 });
  assert.equal(three.pass, false);
  assert.equal(three.reason, "nvml unavailable: NVIDIA driver not loaded");
  const [healthy] = evaluateAssertions(
    makeSnapshot({ devices: snapshot.devices, backends: [makeBackend({ id: "drm" })] }),
    [{ kind: "min-gpus", label: "g", count: 3 }],
  );
  assert.equal(healthy?.reason, null, "2 of 3 devices, every backend fine: the count says it");
  assert.equal(judge({ kind: "vendor", label: "v", vendors: ["intel"] }).pass, true);
  assert.equal(judge({ kind: "vendor", label: "v", vendors: ["nvidia", "apple"] }).pass, false);
  const nvml = judge({ kind: "require-backend", label: "b", backend: "nvml" });
  assert.equal(nvml.pass, false);
  assert.equal(nvml.observed[0]?.shown, "unavailable: NVIDIA driver not loaded");
  assert.equal(nvml.reason, "nvml unavailable: NVIDIA driver not loaded");
  assert.equal(judge({ kind: "require-backend", label: "b", backend: "drm" }).pass, true);
});

Deno.test("check: --no-processes counts memory holders, unknown amounts included", () => {
  const result = judge({ kind: "no-processes", label: "--no-processes" });
  assert.deepEqual(result.observed.map((o) => [o.deviceIndex, o.value, o.pass]), [
    [0, 0, true], // pid 10 holds 0 bytes
    [1, 1, false], // pid 11's amount is unknown
  ]);
});

Deno.test("check: with no device every per-device assertion fails with a reason", () => {
  const [result] = evaluateAssertions(makeSnapshot({ backends: snapshot.backends }), [
    { kind: "max-temperature", label: "t", celsius: 90 },
  ]);
  assert.equal(result?.pass, false);
  assert.deepEqual(result?.observed, []);
  assert.equal(result?.reason, "no device; nvml unavailable: NVIDIA driver not loaded");
});
