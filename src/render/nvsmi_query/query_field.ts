/**
 * One field of nvidia-smi's query interface (`--query-gpu`, `--query-compute-apps`) and how
 * its value prints, as nvidia-smi prints it with `--format=csv`:
 * - memory in whole MiB (`81559 MiB`), rounded to the nearest MiB (nvidia-smi does not say
 *   how it rounds);
 * - percentages whole (`87 %`), clocks whole (`1755 MHz`), power with two decimals
 *   (`523.46 W`), temperatures and other numbers whole, with no unit (`64`);
 * - MIG mode as `Enabled` / `Disabled`;
 * - `[N/A]` for a value gputop does not have (no unit after it), as current drivers print it
 *   for a value the device lacks (fan speed of a passively cooled H100, MIG on a GeForce).
 * With `nounits` the value loses its unit; the header keeps `[unit]` either way.
 */
import { escapeText } from "../escape_text.ts";

/** How a value is printed; the unit (if any) follows from it. */
export type QueryKind = "text" | "integer" | "enabled" | "mib" | "percent" | "watts" | "mhz";

/** What a field reads from its row: text, a number in the kind's base unit, a flag, or null. */
export type QueryValue = string | number | boolean | null;

export interface QueryField<Row> {
  /** nvidia-smi's canonical name: what the header prints, whatever alias was asked for. */
  readonly name: string;
  /** Other names nvidia-smi accepts for it (`clocks.gr`, `gpu_name`). */
  readonly aliases: readonly string[];
  readonly kind: QueryKind;
  /** A value that needs two samples (a rate); the one-shot query may take a second. */
  readonly rate: boolean;
  readonly value: (row: Row) => QueryValue;
}

/** What nvidia-smi prints for a value it does not have. */
export const NOT_AVAILABLE = "[N/A]";

const MIB = 1024 * 1024;

const UNITS: Readonly<Record<QueryKind, string | null>> = {
  text: null,
  integer: null,
  enabled: null,
  mib: "MiB",
  percent: "%",
  watts: "W",
  mhz: "MHz",
};

/** The header cell: `memory.used [MiB]`, `temperature.gpu`. */
export function headerCell(field: QueryField<never>): string {
  const unit = UNITS[field.kind];
  return unit === null ? field.name : `${field.name} [${unit}]`;
}

/** One value as nvidia-smi prints it; `units: false` is `--format=csv,nounits`. */
export function formatQueryValue(kind: QueryKind, value: QueryValue, units: boolean): string {
  const text = bareText(kind, value);
  if (text === null) return NOT_AVAILABLE;
  const unit = UNITS[kind];
  return units && unit !== null ? `${text} ${unit}` : text;
}

function bareText(kind: QueryKind, value: QueryValue): string | null {
  if (value === null) return null;
  if (kind === "text") return typeof value === "string" && value !== "" ? escapeText(value) : null;
  if (kind === "enabled") {
    return typeof value === "boolean" ? (value ? "Enabled" : "Disabled") : null;
  }
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  if (kind === "watts") return value.toFixed(2);
  if (kind === "mib") return String(Math.round(value / MIB));
  return String(Math.round(value));
}
