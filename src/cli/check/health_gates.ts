/**
 * Judges the GPU-health gates, device by device. A device whose value is unknown fails with
 * the reason "unknown" unless the gate allows it (`--allow-unknown`). Each observation shows
 * the value; the result's `limit` shows what it is held to, so a failure line names the
 * device, the gate, the value and the limit.
 */
import type { Device, Snapshot } from "../../model/types.ts";
import type { AssertionResult, HealthGate, Observation } from "./assertions.ts";

/** Clock event reasons that are a choice or a rest, not trouble (`--not-throttled`). */
const BENIGN_CLOCK_REASONS: readonly string[] = ["idle", "application-setting", "display"];

interface Judgement {
  /** Null when unknown. */
  value: number | string | null;
  shown: string;
  /** Said after the value and the limit (the health reasons), so a cut line keeps the limit. */
  detail?: string;
  pass: boolean;
}

type Judge = (device: Device) => Judgement;

function judgeOf(gate: HealthGate): { limit: string; judge: Judge } {
  switch (gate.kind) {
    case "healthy":
      return {
        limit: gate.strict ? "ok" : "ok or warning",
        judge: (d) => ({
          value: d.health,
          shown: String(d.health),
          detail: (d.healthReasons ?? []).join("; "),
          pass: d.health === "ok" || (!gate.strict && d.health === "warning"),
        }),
      };
    case "max-ecc-errors":
      return countJudge(gate.count, "uncorrected", (d) => d.eccErrors?.volatileUncorrected ?? null);
    case "max-retired-pages":
      return countJudge(gate.count, "retired", (d) => d.retiredPages);
    case "pcie-full-width":
      return {
        limit: "the max width",
        judge: (d) => {
          const known = d.pcieWidth !== null && d.pcieWidthMax !== null;
          return {
            value: known ? d.pcieWidth : null,
            shown: `x${d.pcieWidth} of x${d.pcieWidthMax}`,
            pass: known && d.pcieWidth === d.pcieWidthMax,
          };
        },
      };
    case "not-throttled":
      return {
        limit: `none but ${BENIGN_CLOCK_REASONS.join(", ")}`,
        judge: (d) => {
          const reasons = d.clockEventReasons;
          const holding = (reasons ?? []).filter((r) => !BENIGN_CLOCK_REASONS.includes(r));
          return {
            value: reasons === null ? null : reasons.join(","),
            shown: reasons === null || reasons.length === 0 ? "none" : reasons.join(", "),
            pass: reasons !== null && holding.length === 0,
          };
        },
      };
  }
}

function countJudge(
  max: number,
  what: string,
  read: (device: Device) => number | null,
): { limit: string; judge: Judge } {
  return {
    limit: `at most ${max}`,
    judge: (d) => {
      const value = read(d);
      return { value, shown: `${value} ${what}`, pass: value !== null && value <= max };
    },
  };
}

export function evaluateHealthGate(
  snapshot: Snapshot,
  gate: HealthGate & { label: string },
): AssertionResult {
  const { limit, judge } = judgeOf(gate);
  const unknown: Device[] = [];
  const observed = snapshot.devices.map((device): Observation => {
    const { value, shown, detail, pass } = judge(device);
    if (value === null) unknown.push(device);
    const said = (pass ? shown : `${shown} (limit: ${limit})`) + (detail ? `: ${detail}` : "");
    return {
      deviceIndex: device.index,
      deviceId: device.id,
      value,
      shown: value === null ? "unknown" : said,
      pass: value === null ? gate.allowUnknown : pass,
    };
  });
  const pass = observed.length > 0 && observed.every((o) => o.pass);
  let reason: string | null = null;
  if (observed.length === 0) reason = "no device";
  else if (unknown.length > 0 && !gate.allowUnknown) {
    reason = `unknown for device ${unknown.map((d) => d.index).join(", ")}`;
  }
  return { assertion: gate.label, kind: gate.kind, pass, observed, reason, limit };
}
