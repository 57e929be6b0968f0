/**
 * Judges each assertion against one reading. Pure: the reading in, one result per assertion
 * out. A value nobody reports (null) fails its assertion, and the result says why, naming the
 * backends that could not read ("nvml unavailable: NVIDIA driver not loaded").
 */
import { formatBytes, formatCelsius, formatPercent } from "../../render/mod.ts";
import type { Device, Snapshot } from "../../model/types.ts";
import type { Assertion, AssertionResult, Observation } from "./assertions.ts";
import { compareVersions, versionParts } from "./compare_versions.ts";

export function evaluateAssertions(
  snapshot: Snapshot,
  assertions: readonly Assertion[],
): AssertionResult[] {
  return assertions.map((assertion) => evaluate(snapshot, assertion));
}

/** The backends that tried and failed, as `id status: detail`. Skipped ones are not a fault. */
export function backendProblems(snapshot: Snapshot): string[] {
  return snapshot.backends
    .filter((b) => b.status === "unavailable" || b.status === "error")
    .map((b) => `${b.id} ${b.status}${b.detail ? `: ${b.detail}` : ""}`);
}

function evaluate(snapshot: Snapshot, assertion: Assertion): AssertionResult {
  const { devices } = snapshot;
  const base = { assertion: assertion.label, kind: assertion.kind };
  switch (assertion.kind) {
    case "min-gpus": {
      const pass = devices.length >= assertion.count;
      const observed = machine(devices.length, `${devices.length} device(s)`, pass);
      return { ...base, pass, observed: [observed], reason: pass ? null : problems(snapshot) };
    }
    case "vendor": {
      const seen = devices.map((d) => `${d.index} ${d.vendor}`).join(", ");
      const pass = devices.some((d) => assertion.vendors.includes(d.vendor));
      const observed = machine(seen || null, seen || "no device", pass);
      return { ...base, pass, observed: [observed], reason: pass ? null : problems(snapshot) };
    }
    case "require-backend": {
      const status = snapshot.backends.find((b) => b.id === assertion.backend);
      const value = status?.status ?? null;
      const pass = value === "ok";
      const shown = status
        ? `${status.status}${status.detail && !pass ? `: ${status.detail}` : ""}`
        : "not run";
      return {
        ...base,
        pass,
        observed: [machine(value, shown, pass)],
        reason: pass ? null : `${assertion.backend} ${shown}`,
      };
    }
    case "min-free-memory":
      return perDevice(snapshot, base, (d) => {
        const value = d.memoryFreeBytes;
        return observe(
          d,
          value,
          `${formatBytes(value)} free`,
          value !== null && value >= assertion.bytes,
        );
      });
    case "max-used-memory":
      return perDevice(snapshot, base, (d) => {
        const value = d.memoryUsedBytes;
        return observe(
          d,
          value,
          `${formatBytes(value)} used`,
          value !== null && value <= assertion.bytes,
        );
      });
    case "max-temperature":
      return perDevice(snapshot, base, (d) => {
        const value = d.temperatureCelsius;
        return observe(
          d,
          value,
          formatCelsius(value),
          value !== null && value <= assertion.celsius,
        );
      });
    case "max-utilization":
      return perDevice(snapshot, base, (d) => {
        const value = d.utilizationPercent;
        return observe(
          d,
          value,
          formatPercent(value),
          value !== null && value <= assertion.percent,
        );
      });
    case "driver-min": {
      const wanted = versionParts(assertion.version) ?? [];
      return perDevice(snapshot, base, (d) => {
        const value = d.driverVersion;
        const parts = value === null ? null : versionParts(value);
        const pass = parts !== null && compareVersions(parts, wanted) >= 0;
        return observe(d, parts === null ? null : value, value ?? "unknown", pass);
      });
    }
    case "no-processes":
      return perDevice(snapshot, base, (d) => {
        const holders = memoryHolders(snapshot, d);
        const shown = holders.length === 0
          ? "none"
          : holders.map((p) =>
            `pid ${p.pid} ${
              p.gpuMemoryBytes === null ? "(amount unknown)" : formatBytes(p.gpuMemoryBytes)
            }`
          ).join(", ");
        return observe(d, holders.length, shown, holders.length === 0);
      });
  }
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
  snapshot: Snapshot,
  base: Pick<AssertionResult, "assertion" | "kind">,
  judge: (device: Device) => Observation,
): AssertionResult {
  const observed = snapshot.devices.map(judge);
  const pass = observed.length > 0 && observed.every((o) => o.pass);
  const unknown = observed.filter((o) => o.value === null).map((o) => o.deviceIndex);
  let reason: string | null = null;
  if (observed.length === 0) reason = problems(snapshot, "no device");
  else if (unknown.length > 0) {
    reason = problems(snapshot, `not reported for device ${unknown.join(", ")}`);
  }
  return { ...base, pass, observed, reason };
}

function problems(snapshot: Snapshot, lead?: string): string {
  const parts = [...(lead ? [lead] : []), ...backendProblems(snapshot)];
  return parts.length > 0 ? parts.join("; ") : "no device found by any backend";
}
