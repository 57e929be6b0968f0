/**
 * `gputop check` output. The table has one line per observation, each naming its assertion,
 * so a CI log line stands on its own; then a reason line per failed assertion that could not
 * be judged from data, then a one-line verdict.
 */
import { jsonSafe, renderTable } from "../../render/mod.ts";
import type { BackendStatus } from "../../model/types.ts";
import type { AssertionResult } from "./assertions.ts";

export interface CheckReport {
  pass: boolean;
  exitCode: number;
  /** Devices found before -i selection. */
  devicesFound: number;
  /** Devices the assertions were judged on. */
  devicesChecked: number;
  assertions: AssertionResult[];
  backends: BackendStatus[];
}

const COLUMNS = [
  { title: "ASSERTION", align: "left" },
  { title: "DEVICE", align: "left" },
  { title: "OBSERVED", align: "left", maxWidth: 80 },
  { title: "RESULT", align: "left" },
] as const;

export function renderCheckTable(
  report: CheckReport,
  options: { header: boolean; color: boolean },
): string {
  const rows: string[][] = [];
  for (const result of report.assertions) {
    if (result.observed.length === 0) {
      rows.push([result.assertion, "-", "no device", verdict(result.pass)]);
    }
    for (const o of result.observed) {
      const device = o.deviceIndex === null ? "all" : String(o.deviceIndex);
      rows.push([result.assertion, device, o.shown, verdict(o.pass)]);
    }
  }
  let text = renderTable(COLUMNS, rows, { header: options.header, color: options.color });
  for (const result of report.assertions) {
    if (!result.pass && result.reason) text += `reason: ${result.assertion}: ${result.reason}\n`;
  }
  const failed = report.assertions.filter((r) => !r.pass).length;
  const total = report.assertions.length;
  text += report.devicesFound === 0
    ? `check: FAIL — no device found (${total - failed} of ${total} passed)\n`
    : failed === 0
    ? `check: PASS — ${total} of ${total} passed on ${report.devicesChecked} device(s)\n`
    : `check: FAIL — ${failed} of ${total} failed on ${report.devicesChecked} device(s)\n`;
  return text;
}

export function renderCheckJson(report: CheckReport): string {
  return JSON.stringify(jsonSafe(report), null, 2) + "\n";
}

function verdict(pass: boolean): string {
  return pass ? "PASS" : "FAIL";
}
