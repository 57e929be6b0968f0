/** The assertions `gputop check` can make, as parsed from its options. */
import type { BackendId, Vendor } from "../../model/types.ts";

export type Assertion =
  & {
    /** How the user wrote it, e.g. `--min-free-memory 24GiB`: the row's label. */
    label: string;
  }
  & (
    | { kind: "min-gpus"; count: number }
    | { kind: "min-npus"; count: number }
    | { kind: "vendor"; vendors: Vendor[] }
    | { kind: "require-backend"; backend: BackendId }
    | { kind: "min-free-memory"; bytes: number }
    | { kind: "max-used-memory"; bytes: number }
    | { kind: "max-temperature"; celsius: number }
    | { kind: "no-processes" }
    | { kind: "max-utilization"; percent: number }
    | { kind: "driver-min"; version: string }
    | HealthGate
  );

/**
 * The GPU-health gates. `allowUnknown` (`--allow-unknown`): a device whose value is unknown
 * passes; without it, it fails with the reason "unknown" (a CI job must not pass because
 * gputop could not see).
 */
export type HealthGate =
  & { allowUnknown: boolean }
  & (
    | { kind: "healthy"; strict: boolean }
    | { kind: "max-ecc-errors"; count: number }
    | { kind: "max-retired-pages"; count: number }
    | { kind: "pcie-full-width" }
    | { kind: "not-throttled" }
  );

export type HealthGateKind = HealthGate["kind"];

export type AssertionKind = Assertion["kind"];

/** One observed value: for one device, or for the machine (`deviceIndex` null). */
export interface Observation {
  deviceIndex: number | null;
  deviceId: string | null;
  /** With `--hosts`: the host the device is on (or, for a machine-wide value, the host). */
  host?: string;
  /** The raw value (bytes, °C, %, a version, a count); null when nobody reports it. */
  value: number | string | null;
  /** The value as a person reads it. */
  shown: string;
  pass: boolean;
}

export interface AssertionResult {
  assertion: string;
  /** The assertion, "id" for a `-i` that selected nothing, "host" for a host not read. */
  kind: AssertionKind | "id" | "host";
  pass: boolean;
  observed: Observation[];
  /** Why it could not be judged from data, e.g. which backend could not read; else null. */
  reason: string | null;
  /** Health gates only: the limit each device's value is held to, as a person reads it. */
  limit?: string;
}
