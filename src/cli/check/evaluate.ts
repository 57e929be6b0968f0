/**
 * Judges each assertion against one reading. Pure: the reading in, one result per assertion
 * out. A value nobody reports (null) fails its assertion, and the result says why, naming the
 * backends that could not read ("nvml unavailable: NVIDIA driver not loaded") — only those
 * that could have supplied that device's value, each once in the whole report, its detail cut
 * to one short line.
 */
import { assignableDevices } from "../../model/partition_order.ts";
import { formatBytes, formatCelsius, formatPercent } from "../../render/mod.ts";
import { oneLine } from "../../render/backends_table.ts";
import type { BackendStatus, Device, Snapshot, Vendor } from "../../model/types.ts";
import type { Assertion, AssertionResult, HealthGateKind, Observation } from "./assertions.ts";
import { evaluateHealthGate } from "./health_gates.ts";
import { compareVersions, versionParts } from "./compare_versions.ts";

export interface EvaluateOptions {
  /** Devices in the reading before `-i` filtered them (default: those in the snapshot). */
  devicesFound?: number;
}

/** A backend's detail in a reason line is cut to this many characters. */
const REASON_DETAIL_MAX_CHARS = 100;

/** The vendor libraries that report a vendor's devices (drm and others come from `sources`). */
const VENDOR_BACKENDS: Partial<Record<Vendor, readonly string[]>> = {
  nvidia: ["nvml", "nvidia-smi"],
  amd: ["amdsmi"],
  intel: ["level-zero"],
  apple: ["macmon"],
};

export function evaluateAssertions(
  snapshot: Snapshot,
  assertions: readonly Assertion[],
  options: EvaluateOptions = {},
): AssertionResult[] {
  const context: Context = {
    snapshot,
    devicesFound: options.devicesFound ?? snapshot.devices.length,
    named: new Set(),
  };
  return assertions.map((assertion) => evaluate(context, assertion));
}

interface Context {
  snapshot: Snapshot;
  devicesFound: number;
  /** Backends already named in a reason: each is named once in the whole report. */
  named: Set<string>;
}

/** The backends that tried and failed, as `id status: detail`. Skipped ones are not a fault. */
export function backendProblems(snapshot: Snapshot): string[] {
  return snapshot.backends
    .filter((b) => b.status === "unavailable" || b.status === "error")
    .map((b) => `${b.id} ${b.status}${b.detail ? `: ${b.detail}` : ""}`);
}

type Base = Pick<AssertionResult, "assertion" | "kind">;
type DeviceAssertion = Exclude<
  Assertion,
  { kind: "min-gpus" | "min-npus" | "vendor" | "require-backend" | HealthGateKind }
>;

function evaluate(context: Context, assertion: Assertion): AssertionResult {
  const base = { assertion: assertion.label, kind: assertion.kind };
  switch (assertion.kind) {
    case "min-gpus":
      return evaluateCount(context, base, assertion.count, false);
    case "min-npus":
      return evaluateCount(context, base, assertion.count, true);
    case "vendor":
      return evaluateVendor(context, base, assertion.vendors);
    case "require-backend":
      return evaluateRequiredBackend(context, base, assertion.backend);
    case "healthy":
    case "max-ecc-errors":
    case "max-retired-pages":
    case "pcie-full-width":
    case "not-throttled":
      return evaluateHealthGate(context.snapshot, assertion);
    default:
      return perDevice(context, base, deviceJudge(context.snapshot, assertion));
  }
}

/**
 * How many GPUs (`--min-gpus`) or NPUs (`--min-npus`) there are. A device of unknown class
 * counts as a GPU: every backend but the accel side of DRM lists GPUs only.
 */
function evaluateCount(
  context: Context,
  base: Base,
  count: number,
  npus: boolean,
): AssertionResult {
  // What a job could be given: MIG devices count, not the GPU they split.
  const assignable = assignableDevices(context.snapshot.devices);
  const found = assignable.filter((d) => (d.deviceClass === "npu") === npus).length;
  const pass = found >= count;
  const observed = machine(found, `${found} ${npus ? "NPU" : "GPU"}(s)`, pass);
  return { ...base, pass, observed: [observed], reason: pass ? null : problems(context) };
}

function evaluateVendor(context: Context, base: Base, vendors: readonly Vendor[]): AssertionResult {
  const { devices } = context.snapshot;
  const seen = devices.map((d) => `${d.index} ${d.vendor}`).join(", ");
  const pass = devices.some((d) => vendors.includes(d.vendor));
  const observed = machine(seen || null, seen || "no device", pass);
  const wanted = vendors.flatMap((vendor) => VENDOR_BACKENDS[vendor] ?? []);
  const reason = pass ? null : problems(context, undefined, ["drm", ...wanted]);
  return { ...base, pass, observed: [observed], reason };
}

function evaluateRequiredBackend(context: Context, base: Base, backend: string): AssertionResult {
  const status = context.snapshot.backends.find((b) => b.id === backend);
  const value = status?.status ?? null;
  const pass = value === "ok";
  if (!pass) context.named.add(backend);
  const shown = status
    ? `${status.status}${status.detail && !pass ? `: ${status.detail}` : ""}`
    : "not run";
  return {
    ...base,
    pass,
    observed: [machine(value, shown, pass)],
    reason: pass ? null : `${backend} ${oneLine(shown, REASON_DETAIL_MAX_CHARS)}`,
  };
}

/** How one device is judged for an assertion about every device. */
function deviceJudge(
  snapshot: Snapshot,
  assertion: DeviceAssertion,
): (device: Device) => Observation {
  switch (assertion.kind) {
    case "min-free-memory":
      return (d) => {
        const value = d.memoryFreeBytes;
        return observe(
          d,
          value,
          `${formatBytes(value)} free`,
          value !== null && value >= assertion.bytes,
        );
      };
    case "max-used-memory":
      return (d) => {
        const value = d.memoryUsedBytes;
        return observe(
          d,
          value,
          `${formatBytes(value)} used`,
          value !== null && value <= assertion.bytes,
        );
      };
    case "max-temperature":
      return (d) => {
        const value = d.temperatureCelsius;
        return observe(
          d,
          value,
          formatCelsius(value),
          value !== null && value <= assertion.celsius,
        );
      };
    case "max-utilization":
      return (d) => {
        const value = d.utilizationPercent;
        return observe(
          d,
          value,
          formatPercent(value),
          value !== null && value <= assertion.percent,
        );
      };
    case "driver-min":
      return driverJudge(versionParts(assertion.version) ?? []);
    case "no-processes":
      return (d) => {
        const holders = memoryHolders(snapshot, d);
        const shown = holders.length === 0
          ? "none"
          : holders.map((p) =>
            `pid ${p.pid} ${
              p.gpuMemoryBytes === null ? "(amount unknown)" : formatBytes(p.gpuMemoryBytes)
            }`
          ).join(", ");
        return observe(d, holders.length, shown, holders.length === 0);
      };
  }
}

function driverJudge(wanted: readonly number[]): (device: Device) => Observation {
  return (d) => {
    const value = d.driverVersion;
    const parts = value === null ? null : versionParts(value);
    const pass = parts !== null && compareVersions(parts, wanted) >= 0;
    return observe(d, parts === null ? null : value, value ?? "unknown", pass);
  };
}

/**
 * Processes holding memory on the device: a known non-zero amount, or an unknown one (a
 * process with the device open whose usage nobody can read might hold any amount).
 */
function memoryHolders(snapshot: Snapshot, device: Device) {
  return snapshot.processes.filter((p) =>
    p.deviceIndex === device.index && (p.gpuMemoryBytes === null || p.gpuMemoryBytes > 0)
  );
}

function machine(value: number | string | null, shown: string, pass: boolean): Observation {
  return { deviceIndex: null, deviceId: null, value, shown, pass };
}

/** A value nobody reports (null) fails, whatever `pass` says. */
function observe(
  device: Device,
  value: number | string | null,
  shown: string,
  pass: boolean,
): Observation {
  return {
    deviceIndex: device.index,
    deviceId: device.id,
    value,
    shown: value === null ? "unknown" : shown,
    pass: value !== null && pass,
  };
}

function perDevice(
  context: Context,
  base: Base,
  judge: (device: Device) => Observation,
): AssertionResult {
  const { snapshot } = context;
  const observed = snapshot.devices.map(judge);
  const pass = observed.length > 0 && observed.every((o) => o.pass);
  const unknown = snapshot.devices.filter((_device, i) => observed[i]?.value === null);
  let reason: string | null = null;
  if (observed.length === 0) reason = problems(context, "no device");
  else if (unknown.length > 0) {
    const lead = `not reported for device ${unknown.map((d) => d.index).join(", ")}`;
    reason = problems(context, lead, unknown.flatMap(couldSupply)) ?? lead;
  }
  return { ...base, pass, observed, reason };
}

/** The backends that could have supplied a value for this device. */
function couldSupply(device: Device): string[] {
  return [...(VENDOR_BACKENDS[device.vendor] ?? []), ...Object.values(device.sources)];
}

/**
 * Why an assertion could not be judged from data: `lead` (what is missing), then the backends
 * that could not read — among `relevant` when given (else all), and not already named in an
 * earlier reason. Null when there is nothing to say beyond the observed value.
 */
function problems(context: Context, lead?: string, relevant?: readonly string[]): string | null {
  const { snapshot, named } = context;
  if (snapshot.devices.length === 0 && context.devicesFound > 0) {
    return `${context.devicesFound} device(s) found, all filtered out by -i`;
  }
  const failed = snapshot.backends.filter((b) =>
    (b.status === "unavailable" || b.status === "error") &&
    (relevant === undefined || relevant.includes(b.id)) && !named.has(b.id)
  );
  for (const backend of failed) named.add(backend.id);
  const parts = [...(lead ? [lead] : []), ...failed.map(describeProblem)];
  if (parts.length > 0) return parts.join("; ");
  return snapshot.devices.length === 0 ? "no device found by any backend" : null;
}

function describeProblem(backend: BackendStatus): string {
  const detail = backend.detail ? `: ${oneLine(backend.detail, REASON_DETAIL_MAX_CHARS)}` : "";
  return `${backend.id} ${backend.status}${detail}`;
}
