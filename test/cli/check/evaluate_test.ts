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

Deno.test("check: a value nobody reports fails; another vendor's library is not blamed", () => {
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
  // Device 1 is Intel with no sources: NVML (unavailable) could not have supplied its value.
  assert.equal(result.reason, "not reported for device 1");
});

Deno.test("check: reasons name the device's own vendor library and sources, once each", () => {
  const amdDetail = Array.from(
    { length: 8 },
    (_, i) =>
      `/opt/rocm-${i}/lib/libamd_smi.so.26: cannot open shared object file: No such file or directory`,
  ).join("; ");
  const reading = makeSnapshot({
    backends: [
      makeBackend({ id: "nvml", status: "unavailable", detail: "NVIDIA driver not loaded" }),
      makeBackend({ id: "level-zero", status: "unavailable", detail: "zeInit failed\nline two" }),
      makeBackend({ id: "amdsmi", status: "unavailable", detail: amdDetail }),
      makeBackend({ id: "drm", status: "error", detail: "hwmon unreadable" }),
    ],
    devices: [
      makeDevice({ index: 0, id: "0000:00:02.0", vendor: "intel", sources: { name: "drm" } }),
    ],
  });
  const [memory, temperature, amd] = evaluateAssertions(reading, [
    { kind: "min-free-memory", label: "m", bytes: GiB },
    { kind: "max-temperature", label: "t", celsius: 85 },
    { kind: "require-backend", label: "b", backend: "amdsmi" },
  ]);
  // level-zero: Intel's library, first line only; drm: a source of this device.
  assert.equal(
    memory?.reason,
    "not reported for device 0; level-zero unavailable: zeInit failed; drm error: hwmon unreadable",
  );
  assert.equal(temperature?.reason, "not reported for device 0", "each backend named once");
  // The backend a require-backend names is its subject: cut to 100 characters (99 + `…`).
  assert.equal(amd?.reason, `amdsmi unavailable: ${amdDetail.slice(0, 99 - 13)}…`);
  assert.ok(!memory?.reason?.includes("nvml") && !memory?.reason?.includes("amdsmi"));
});

Deno.test("check: devices found but all filtered out by -i say so", () => {
  const [count, temperature] = evaluateAssertions(makeSnapshot({ backends: snapshot.backends }), [
    { kind: "min-gpus", label: "g", count: 1 },
    { kind: "max-temperature", label: "t", celsius: 85 },
  ], { devicesFound: 2 });
  assert.equal(count?.reason, "2 device(s) found, all filtered out by -i");
  assert.equal(temperature?.reason, "2 device(s) found, all filtered out by -i");
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
