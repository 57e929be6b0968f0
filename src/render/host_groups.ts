/**
 * The table views of a `--hosts` reading: for each host, in the order given, a header line
 * naming it (and, when it could not be read, its status and why), then that host's part of
 * the reading rendered as a local one would be.
 */
import type { HostEntry, Snapshot } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";

// The table's own codes (table.ts), not imported: that module loads string-width.
const SGR_BOLD = "\x1b[1m";
const SGR_RED = "\x1b[31m";
const SGR_RESET = "\x1b[0m";

export function renderByHost(
  snapshot: Snapshot,
  renderPart: (part: Snapshot) => string,
  color: boolean,
): string {
  const hosts = snapshot.hosts ?? [];
  return hosts.map((entry) => {
    const header = hostHeader(entry, color);
    return entry.status === "ok" ? header + renderPart(hostPart(snapshot, entry.host)) : header;
  }).join("\n");
}

/** `gpu-07:9757`, or `gpu-08:9757  timeout: no answer within 3s`. */
export function hostHeader(entry: HostEntry, color: boolean): string {
  const name = escapeText(entry.host);
  const problem = entry.status === "ok"
    ? ""
    : `  ${entry.status}${entry.detail === null ? "" : `: ${escapeText(entry.detail)}`}`;
  if (!color) return `${name}${problem}\n`;
  return `${SGR_BOLD}${name}${SGR_RESET}${
    problem === "" ? "" : `${SGR_RED}${problem}${SGR_RESET}`
  }\n`;
}

/** The part of a merged reading that came from one host, without the `hosts` list. */
export function hostPart(snapshot: Snapshot, host: string): Snapshot {
  const { hosts: _hosts, ...rest } = snapshot;
  return {
    ...rest,
    backends: snapshot.backends.filter((b) => b.host === host),
    devices: snapshot.devices.filter((d) => d.host === host),
    processes: snapshot.processes.filter((p) => p.host === host),
  };
}
