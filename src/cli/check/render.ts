/**
 * `gputop check` output. The table has one line per observation, each naming its assertion,
 * so a CI log line stands on its own; then a reason line per failed assertion that could not
 * be judged from data, then a one-line verdict.
 */
import { jsonSafe, renderTable } from "../../render/mod.ts";
import type { BackendStatus, HostEntry } from "../../model/types.ts";
import { escapeText } from "../../render/escape_text.ts";
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
  /** With `--hosts`: each host and how reading it went. */
  hosts?: HostEntry[];
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
      const observed = result.kind === "host" ? "not read" : "no device";
      rows.push([result.assertion, "-", observed, verdict(result.pass)]);
    }
    for (const o of result.observed) {
      const index = o.deviceIndex === null ? "all" : String(o.deviceIndex);
      const device = o.host === undefined ? index : `${escapeText(o.host)} ${index}`;
      rows.push([result.assertion, device, o.shown, verdict(o.pass)]);
    }
  }
  let text = renderTable(COLUMNS, rows, { header: options.header, color: options.color });
  for (const result of report.assertions) {
    if (!result.pass && result.reason) text += `reason: ${result.assertion}: ${result.reason}\n`;
  }
  const failed = report.assertions.filter((r) => !r.pass).length;
  const total = report.assertions.length;
  if (report.hosts !== undefined) text += hostsLine(report.hosts);
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

/** `hosts: 3 of 4 read; not read: gpu-08:9757 (timeout)`. */
function hostsLine(hosts: readonly HostEntry[]): string {
  const missed = hosts.filter((h) => h.status !== "ok");
  const names = missed.map((h) => `${escapeText(h.host)} (${h.status})`).join(", ");
  return `hosts: ${hosts.length - missed.length} of ${hosts.length} read` +
    (missed.length === 0 ? "\n" : `; not read: ${names}\n`);
}

function verdict(pass: boolean): string {
  return pass ? "PASS" : "FAIL";
}
