/**
 * `--csv` output, RFC 4180 with these choices:
 * - line ends are LF (`\n`), and every row, the last included, ends with one;
 * - a field containing `,` `"` CR or LF is wrapped in double quotes, `"` doubled;
 * - null → empty field; numbers as JavaScript prints them (`-5`, `0.5`), non-finite → empty;
 *   booleans `true` / `false`;
 * - text fields are passed through `escapeText` (so they hold no control characters) and,
 *   when they then start with `=` `+` `-` `@` TAB or CR, are prefixed with `'` so that a
 *   spreadsheet does not run them as a formula. Numeric fields are never prefixed, so a
 *   negative number stays `-5`;
 * - record fields (engines, temperaturesCelsius, sources, memoryByRegion) are one text field
 *   `key=value;key=value` with keys sorted (code-unit order); `\`, `;` and `=` inside a key
 *   or value are escaped with a backslash. An empty record is an empty field, like null.
 * - list fields (clockEventReasons, healthReasons) are one text field, items joined by `;`,
 *   a `\` or `;` inside an item escaped with a backslash; an empty list is an empty field.
 *
 * Columns are the schema fields in schema order (`DEVICE_CSV_COLUMNS`,
 * `PROCESS_CSV_COLUMNS`), and the header row is those names. Device columns, and whether each
 * flattens as a record, come from the field declarations (`model/device_fields.ts`).
 */
import type { CsvColumn } from "../model/device_field_declaration.ts";
import { DEVICE_CSV_FIELDS } from "../model/device_fields.ts";
import { PROCESS_FIELDS } from "../model/schema_ids.ts";
import type { Device, GpuProcess, Snapshot } from "../model/types.ts";
import { escapeText } from "./escape_text.ts";
import { sortProcessesByMemory } from "./process_table.ts";

export interface CsvOptions {
  header: boolean;
}

/** Device CSV columns: every Device field, in schema order. */
export const DEVICE_CSV_COLUMNS: readonly (keyof Device)[] = DEVICE_CSV_FIELDS.map((column) =>
  column.field
);

/** Process CSV columns: every Process field, in schema order. */
export const PROCESS_CSV_COLUMNS: readonly (keyof GpuProcess)[] = PROCESS_FIELDS;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Quotes one field when RFC 4180 requires it. The text is taken as is. */
export function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row: quoted fields joined by commas, ending with LF. */
export function csvRow(fields: readonly string[]): string {
  return fields.map(csvField).join(",") + "\n";
}

/** Untrusted text made safe for a CSV cell: controls escaped, formula starts neutralised. */
export function csvText(text: string): string {
  const escaped = escapeText(text);
  return FORMULA_START.test(escaped) ? `'${escaped}` : escaped;
}

function escapeRecordPart(text: string): string {
  return text.replace(/[\\;=]/g, (char) => `\\${char}`);
}

/** `b=2;a=1` → `a=1;b=2`. */
export function flattenRecord(record: Readonly<Record<string, unknown>>): string {
  return Object.keys(record)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${escapeRecordPart(key)}=${escapeRecordPart(scalarText(record[key]))}`)
    .join(";");
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "string" || typeof value === "boolean") return String(value);
  return "";
}

/** One schema value as a CSV cell (before quoting). */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "string") return csvText(value);
  if (typeof value === "object" && !Array.isArray(value)) {
    return csvText(flattenRecord(value as Record<string, unknown>));
  }
  return "";
}

/** A record field's cell: its entries flattened; null (or anything not a record) → empty. */
function csvRecordCell(value: unknown): string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
  return csvText(flattenRecord(value as Record<string, unknown>));
}

/** A list field's cell: its items joined by `;`; null (or anything not a list) → empty. */
function csvListCell(value: unknown): string {
  if (!Array.isArray(value)) return "";
  return csvText(value.map((item) => String(item).replace(/[\\;]/g, (c) => `\\${c}`)).join(";"));
}

const CELL_OF_FORM = { value: csvCell, record: csvRecordCell, list: csvListCell } as const;

/** Device rows as the declarations lay them out (the header row is the field names). */
export function renderDeviceRows(
  columns: readonly CsvColumn[],
  devices: readonly Device[],
  options: CsvOptions,
): string {
  const header = options.header ? csvRow(columns.map((column) => column.field)) : "";
  const cells = columns.map(({ field, form }) => {
    const cell = CELL_OF_FORM[form];
    return (device: Device) => cell((device as Record<string, unknown>)[field]);
  });
  return header + devices.map((device) => csvRow(cells.map((cell) => cell(device)))).join("");
}

function renderCsv<T>(
  columns: readonly (keyof T & string)[],
  items: readonly T[],
  options: CsvOptions,
): string {
  const header = options.header ? csvRow(columns) : "";
  return header + items.map((item) => csvRow(columns.map((key) => csvCell(item[key])))).join("");
}

/**
 * One row per device, ordered by index. With `--hosts`, a first `host` column, and the rows
 * grouped by host in the order the hosts were given.
 */
export function renderDeviceCsv(snapshot: Snapshot, options: CsvOptions): string {
  const rank = hostRank(snapshot);
  const devices = [...snapshot.devices].sort((a, b) => rank(a) - rank(b) || a.index - b.index);
  const columns = snapshot.hosts === undefined
    ? DEVICE_CSV_FIELDS
    : [{ field: "host", form: "value" } as const, ...DEVICE_CSV_FIELDS];
  return renderDeviceRows(columns, devices, options);
}

/** One row per process entry, sorted like `ps` (see `sortProcessesByMemory`); `host` first with `--hosts`. */
export function renderProcessCsv(snapshot: Snapshot, options: CsvOptions): string {
  const processes = sortProcessesByMemory(snapshot.processes);
  if (snapshot.hosts === undefined) return renderCsv(PROCESS_CSV_COLUMNS, processes, options);
  const columns: (keyof GpuProcess | "host")[] = ["host", ...PROCESS_CSV_COLUMNS];
  return renderCsv(columns, processes as (GpuProcess & { host?: string })[], options);
}

/** The position of an item's host in the `hosts` list (0 for all without `--hosts`). */
function hostRank(snapshot: Snapshot): (item: { host?: string | undefined }) => number {
  const ranks = new Map((snapshot.hosts ?? []).map((entry, i) => [entry.host, i]));
  return (item) => ranks.get(item.host ?? "") ?? 0;
}
