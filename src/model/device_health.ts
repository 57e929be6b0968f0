/**
 * The health verdict, one rule for every backend, made after the merge (session.ts) from the
 * fields any backend filled:
 *
 * - critical: any uncorrected ECC error since the driver loaded; a memory retirement (or row
 *   remap) pending a reset, or failed;
 * - warning: a PCIe link narrower than it can train to; clocks held down by `thermal`,
 *   `hardware-slowdown` or `power-brake`; more than CORRECTED_ECC_WARNING corrected ECC errors
 *   since the driver loaded;
 * - ok: none of these, with at least one of them known;
 * - null: none of them known (no ECC counts, no retirement state, no current-and-max width,
 *   no clock reasons).
 *
 * A PCIe generation below its max is no finding: an idle link steps its speed down to save
 * power and trains back up under load. `healthReasons` lists every finding, warnings included
 * when the verdict is critical.
 */
import type { HealthState } from "./health_vocabulary.ts";
import type { Device } from "./types.ts";

/**
 * Corrected errors are what ECC is for, so a few are normal; a steady stream (more than this
 * since the driver loaded) points at failing memory before it turns into uncorrected ones.
 */
export const CORRECTED_ECC_WARNING = 1000;

/** Reasons that mean the board is hot or starved, not a setting or an idle GPU. */
const ALARMING_CLOCK_REASONS: readonly string[] = ["thermal", "hardware-slowdown", "power-brake"];

type HealthInputs = Pick<
  Device,
  | "eccErrors"
  | "retirementPending"
  | "retirementFailed"
  | "pcieWidth"
  | "pcieWidthMax"
  | "clockEventReasons"
>;

interface Finding {
  state: "warning" | "critical";
  sentence: string;
}

export interface DeviceHealth {
  health: HealthState | null;
  healthReasons: string[] | null;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function eccFindings(errors: HealthInputs["eccErrors"]): Finding[] {
  const findings: Finding[] = [];
  const uncorrected = errors?.volatileUncorrected ?? 0;
  const corrected = errors?.volatileCorrected ?? 0;
  if (uncorrected > 0) {
    const sentence = `${plural(uncorrected, "uncorrected ECC error")} since the driver loaded`;
    findings.push({ state: "critical", sentence });
  }
  if (corrected > CORRECTED_ECC_WARNING) {
    const sentence = `${plural(corrected, "corrected ECC error")} since the driver loaded ` +
      `(over ${CORRECTED_ECC_WARNING})`;
    findings.push({ state: "warning", sentence });
  }
  return findings;
}

function findingsOf(device: HealthInputs): Finding[] {
  const findings = eccFindings(device.eccErrors);
  if (device.retirementPending === true) {
    findings.push({ state: "critical", sentence: "memory retirement pending: reset the GPU" });
  }
  if (device.retirementFailed === true) {
    findings.push({ state: "critical", sentence: "memory retirement failed: replace the board" });
  }
  const { pcieWidth: width, pcieWidthMax: widthMax } = device;
  if (width !== null && widthMax !== null && width < widthMax) {
    findings.push({ state: "warning", sentence: `PCIe link x${width} of x${widthMax}` });
  }
  const alarming = (device.clockEventReasons ?? []).filter((r) =>
    ALARMING_CLOCK_REASONS.includes(r)
  );
  if (alarming.length > 0) {
    findings.push({ state: "warning", sentence: `clocks held down: ${alarming.join(", ")}` });
  }
  return findings;
}

function anyKnown(device: HealthInputs): boolean {
  return device.eccErrors !== null || device.retirementPending !== null ||
    device.retirementFailed !== null || device.clockEventReasons !== null ||
    (device.pcieWidth !== null && device.pcieWidthMax !== null);
}

/** The verdict and its reasons, critical findings first. */
export function deviceHealth(device: HealthInputs): DeviceHealth {
  if (!anyKnown(device)) return { health: null, healthReasons: null };
  const findings = findingsOf(device);
  const critical = findings.filter((f) => f.state === "critical");
  const warnings = findings.filter((f) => f.state === "warning");
  const health = critical.length > 0 ? "critical" : warnings.length > 0 ? "warning" : "ok";
  return { health, healthReasons: [...critical, ...warnings].map((f) => f.sentence) };
}

/** Every device with its verdict (a backend's own verdict is replaced: one rule for all). */
export function withDeviceHealth<T extends { devices: readonly Device[] }>(snapshot: T): T {
  return {
    ...snapshot,
    devices: snapshot.devices.map((device) => ({ ...device, ...deviceHealth(device) })),
  };
}
