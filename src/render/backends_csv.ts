/** `gputop backends --csv`: one row per backend, same quoting rules as every other CSV. */
import type { BackendStatus } from "../model/types.ts";
import { csvCell, type CsvOptions, csvRow } from "./csv.ts";

export const BACKEND_CSV_COLUMNS = ["id", "status", "library", "version", "detail"] as const;

export function renderBackendsCsv(statuses: readonly BackendStatus[], options: CsvOptions): string {
  const header = options.header ? csvRow(BACKEND_CSV_COLUMNS) : "";
  return header +
    statuses.map((s) => csvRow(BACKEND_CSV_COLUMNS.map((key) => csvCell(s[key])))).join("");
}

/** `gputop backends --json`: the statuses array, pretty-printed. */
export function renderBackendsJson(statuses: readonly BackendStatus[]): string {
  return JSON.stringify(statuses, null, 2) + "\n";
}
