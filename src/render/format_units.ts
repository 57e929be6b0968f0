/**
 * Human units for the tables. One compact style everywhere:
 * - every formatter returns `-` for null (and for NaN / ±Infinity, defensively);
 * - bytes are binary: `0 B`, `512 B`, `1.5 KiB`, `7.8 GiB`, `512 MiB`; one decimal below
 *   100 of the unit, whole numbers from 100 up; the unit steps up at 1024;
 * - watts one decimal `123.4 W`; degrees whole `45 °C`; percent whole, no space `37%`;
 *   clocks whole `1980 MHz`.
 */

const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"] as const;

/** The placeholder for an unknown value. */
export const UNKNOWN = "-";

function isFiniteNumber(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** `7.8 GiB`, `512 MiB`, `0 B`. */
export function formatBytes(bytes: number | null | undefined): string {
  if (!isFiniteNumber(bytes)) return UNKNOWN;
  const sign = bytes < 0 ? "-" : "";
  const magnitude = Math.abs(bytes);
  if (magnitude < 1024) return `${sign}${Math.round(magnitude)} B`;
  let value = magnitude / 1024;
  let unit = 1;
  while (value >= 1023.5 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = value < 99.95 ? value.toFixed(1) : String(Math.round(value));
  return `${sign}${number} ${BYTE_UNITS[unit]}`;
}

/** `123.4 W`. */
export function formatWatts(watts: number | null | undefined): string {
  return isFiniteNumber(watts) ? `${watts.toFixed(1)} W` : UNKNOWN;
}

/** `45 °C`. */
export function formatCelsius(celsius: number | null | undefined): string {
  return isFiniteNumber(celsius) ? `${Math.round(celsius)} °C` : UNKNOWN;
}

/** `37%`. */
export function formatPercent(percent: number | null | undefined): string {
  return isFiniteNumber(percent) ? `${Math.round(percent)}%` : UNKNOWN;
}

/** `1980 MHz`. */
export function formatMHz(megahertz: number | null | undefined): string {
  return isFiniteNumber(megahertz) ? `${Math.round(megahertz)} MHz` : UNKNOWN;
}

/** `3.2 GiB / 24.0 GiB`; `-` when both are unknown. */
export function formatMemoryUsage(
  usedBytes: number | null | undefined,
  totalBytes: number | null | undefined,
): string {
  if (!isFiniteNumber(usedBytes) && !isFiniteNumber(totalBytes)) return UNKNOWN;
  return `${formatBytes(usedBytes)} / ${formatBytes(totalBytes)}`;
}

/** `123.4 / 350.0 W`, or `123.4 W` without a limit; `-` when both are unknown. */
export function formatPowerUsage(
  watts: number | null | undefined,
  limitWatts: number | null | undefined,
): string {
  if (!isFiniteNumber(limitWatts)) return formatWatts(watts);
  const current = isFiniteNumber(watts) ? watts.toFixed(1) : UNKNOWN;
  return `${current} / ${formatWatts(limitWatts)}`;
}

/** Graphics and memory clock: `1980/9501 MHz`, `1980/- MHz`; `-` when both are unknown. */
export function formatClocks(
  graphicsMHz: number | null | undefined,
  memoryMHz: number | null | undefined,
): string {
  if (!isFiniteNumber(graphicsMHz) && !isFiniteNumber(memoryMHz)) return UNKNOWN;
  const part = (value: number | null | undefined) =>
    isFiniteNumber(value) ? String(Math.round(value)) : UNKNOWN;
  return `${part(graphicsMHz)}/${part(memoryMHz)} MHz`;
}

/**
 * Busiest engines first: `render 12%, video 3%`. Engines at 0% are left out; when all are
 * idle the result is `0%`. At most `limit` engines are listed, then `+N` for the rest.
 * `-` for null or an empty record.
 */
export function formatEngines(
  engines: Readonly<Record<string, number>> | null | undefined,
  limit = 3,
): string {
  if (engines === null || engines === undefined) return UNKNOWN;
  const entries = Object.entries(engines).filter(([, value]) => isFiniteNumber(value));
  if (entries.length === 0) return UNKNOWN;
  const busy = entries
    .filter(([, value]) => Math.round(value) > 0)
    .sort(([nameA, a], [nameB, b]) => b - a || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0));
  if (busy.length === 0) return "0%";
  const shown = busy.slice(0, Math.max(1, limit)).map(([name, value]) =>
    `${name} ${formatPercent(value)}`
  );
  const rest = busy.length - shown.length;
  return shown.join(", ") + (rest > 0 ? ` +${rest}` : "");
}
