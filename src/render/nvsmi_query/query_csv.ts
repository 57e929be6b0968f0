/**
 * nvidia-smi's `--format=csv` text for a query: a header of the fields' canonical names with
 * `[unit]` (kept with `nounits`, as nvidia-smi keeps it), then one line per row, the cells
 * joined by `, `. No quoting: like nvidia-smi's, a name with `, ` in it is printed as it is
 * (control characters are escaped).
 */
import type { Snapshot } from "../../model/types.ts";
import type { GpuQueryRow } from "./gpu_fields.ts";
import { formatQueryValue, headerCell, type QueryField } from "./query_field.ts";

export interface QueryCsvOptions {
  /** False for `noheader`. */
  header: boolean;
  /** False for `nounits`. */
  units: boolean;
}

/** `index, name, memory.used [MiB]` and a newline. */
export function renderQueryHeader(fields: readonly QueryField<never>[]): string {
  return `${fields.map(headerCell).join(", ")}\n`;
}

/** One line per row; the header first when `options.header`. */
export function renderQueryCsv<Row>(
  rows: readonly Row[],
  fields: readonly QueryField<Row>[],
  options: QueryCsvOptions,
): string {
  const lines = rows.map((row) =>
    fields.map((field) => formatQueryValue(field.kind, field.value(row), options.units))
      .join(", ") + "\n"
  );
  return (options.header ? renderQueryHeader(fields) : "") + lines.join("");
}

/** The `--query-gpu` rows: every device of the snapshot, in index order. */
export function gpuQueryRows(snapshot: Snapshot): GpuQueryRow[] {
  return snapshot.devices.map((device) => ({ device, timestamp: snapshot.timestamp }));
}
