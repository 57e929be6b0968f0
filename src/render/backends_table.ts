/** `gputop backends`: what each backend found, or why it found nothing. */
import type { BackendStatus } from "../model/types.ts";
import { UNKNOWN } from "./format_units.ts";
import { type Column, renderTable } from "./table.ts";

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
