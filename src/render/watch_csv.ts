/**
 * `gputop watch --csv`: the device CSV of each reading with a leading `timestamp` column, so
 * rows of successive readings can be told apart; the header comes once, before the first.
 */
import type { Snapshot } from "../model/types.ts";
import { csvCell, csvRow, DEVICE_CSV_COLUMNS, renderDeviceCsv } from "./csv.ts";

export function renderWatchCsvHeader(): string {
  return csvRow(["timestamp", ...DEVICE_CSV_COLUMNS]);
}

/** One row per device of this reading (none when it has no device). */
export function renderWatchCsvRows(snapshot: Snapshot): string {
  const stamp = csvCell(snapshot.timestamp);
  const rows = renderDeviceCsv(snapshot, { header: false });
  return rows.split("\n").filter((line) => line !== "").map((line) => `${stamp},${line}\n`)
    .join("");
}
