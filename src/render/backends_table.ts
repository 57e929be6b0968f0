/** `gputop backends`: what each backend found, or why it found nothing. */
import type { BackendStatus } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";
import { UNKNOWN } from "./format_units.ts";
import { type Column, renderTable, SGR_RESET } from "./table.ts";

export interface BackendsTableOptions {
  header: boolean;
  color: boolean;
}

const COLUMNS: readonly Column[] = [
  { title: "BACKEND", align: "left" },
  { title: "STATUS", align: "left" },
  { title: "LIBRARY", align: "left", maxWidth: 48 },
  { title: "VERSION", align: "left", maxWidth: 24 },
  { title: "DETAIL", align: "left" },
];

/** One row per status, in the order given (the registry's precedence order). */
export function renderBackendsTable(
  statuses: readonly BackendStatus[],
  options: BackendsTableOptions,
): string {
  const rows = statuses.map((status) => [
    status.id,
    status.status,
    status.library ?? UNKNOWN,
    status.version ?? UNKNOWN,
    status.detail ?? UNKNOWN,
  ]);
  return renderTable(COLUMNS, rows, options);
}

export const BACKENDS_HINT_COMMAND = "Run 'gputop backends' to see why.";

/** A failure detail longer than this is cut (with `…`): one short line under a table. */
export const FAILURE_DETAIL_MAX_CHARS = 160;

const SGR_YELLOW = "\x1b[33m";

/**
 * One line per backend whose status is `error` (`nvml failed: NVML initialisation failed:
 * Insufficient Permissions`), so a table never hides a vendor library that failed while other
 * backends found GPUs. `unavailable` is not listed: a library that is not installed is normal.
 * The detail is untrusted text: only its first line, escaped, and cut to one short line.
 */
export function backendFailureLines(statuses: readonly BackendStatus[], color: boolean): string {
  return statuses
    .filter((status) => status.status === "error")
    .map((status) => {
      const text = `${status.id} failed: ${oneLine(status.detail ?? "no detail given")}`;
      return (color ? `${SGR_YELLOW}${text}${SGR_RESET}` : text) + "\n";
    })
    .join("");
}

/** The first non-empty line of `text`, escaped and cut to FAILURE_DETAIL_MAX_CHARS. */
export function oneLine(text: string, maxChars = FAILURE_DETAIL_MAX_CHARS): string {
  const first = text.split(/\r?\n/).map((line) => line.trim()).find((line) => line !== "") ?? "";
  const escaped = escapeText(first);
  return escaped.length <= maxChars ? escaped : `${escaped.slice(0, maxChars - 1)}…`;
}
