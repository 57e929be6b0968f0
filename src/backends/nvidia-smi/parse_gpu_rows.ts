/**
 * `nvidia-smi --query-gpu=FIELDS --format=csv,noheader,nounits` output → device readings.
 * Pure: text and the field list in, readings and a count of rows not understood out.
 */
import type { DeviceReading } from "../../model/types.ts";
import { GPU_FIELD_SPECS, type GpuField } from "./fields.ts";
import { csvLines, splitCsvLine } from "./parse_csv.ts";

export interface GpuRows {
  devices: DeviceReading[];
  /**
   * Rows not understood: too few cells, no PCI address, UUID or index to name the device by,
   * or nothing but that identity (no cell carrying a value).
   */
  rejected: number;
  /** The first rejected row, shortened, to quote when no row at all was understood. */
  firstRejected: string | null;
}

/** nvidia-smi's GPU UUIDs: `GPU-` (or `MIG-`) and hex groups; anything else is not one. */
const UUID_PATTERN = /^(?:GPU|MIG)-[0-9a-f]+(?:-[0-9a-f]+)*$/i;
/** A row index: plain decimal digits. */
const INDEX_PATTERN = /^\d{1,9}$/;
/** Reading keys that name the device or are set by the parser itself, not read from a cell. */
const NOT_VALUES: ReadonlySet<string> = new Set([
  "localId",
  "vendor",
  "driver",
  "uuid",
  "pciBusId",
]);
const MAX_QUOTED_ROW = 60;

export function parseGpuRows(text: string, fields: readonly GpuField[]): GpuRows {
  const devices: DeviceReading[] = [];
  let rejected = 0;
  let firstRejected: string | null = null;
  const reject = (line: string) => {
    rejected++;
    firstRejected ??= line.length > MAX_QUOTED_ROW ? `${line.slice(0, MAX_QUOTED_ROW)}…` : line;
  };
  const indexAt = fields.indexOf("index");
  let ordinal = -1;
  for (const line of csvLines(text)) {
    ordinal++;
    const cells = splitCsvLine(line, fields.length);
    if (cells.length < fields.length) {
      reject(line);
      continue;
    }
    const device: DeviceReading = { localId: "", vendor: "nvidia", driver: "nvidia" };
    fields.forEach((field, position) => {
      GPU_FIELD_SPECS[field].apply(device, cells[position] ?? "");
    });
    if (device.uuid && !UUID_PATTERN.test(device.uuid)) device.uuid = null;
    if (device.name !== undefined && device.name !== null && !/[\p{L}\p{N}]/u.test(device.name)) {
      // A "name" of nothing but punctuation is the rest of a broken row, not a name.
      device.name = null;
    }
    // nvidia-smi prints GPUs in index order, so a query without `index` numbers them by row.
    const indexCell = (cells[indexAt] ?? "").trim();
    const index = indexAt === -1
      ? ordinal
      : INDEX_PATTERN.test(indexCell)
      ? Number(indexCell)
      : null;
    const localId = device.pciBusId ?? device.uuid ?? (index !== null ? `index:${index}` : null);
    if (localId === null || !carriesAValue(device)) {
      reject(line);
      continue;
    }
    device.localId = localId;
    device.deviceClass = "gpu"; // after the check above: it is not a value the row carried
    devices.push(device);
  }
  return { devices, rejected, firstRejected };
}

/** Whether any cell other than the identity ones gave a value (a name, a figure, ...). */
function carriesAValue(device: DeviceReading): boolean {
  return Object.entries(device).some(([key, value]) =>
    !NOT_VALUES.has(key) && value !== null && value !== undefined
  );
}

/** The driver version the rows report (every row carries the same one), or null. */
export function driverVersionOf(devices: readonly DeviceReading[]): string | null {
  for (const device of devices) {
    if (device.driverVersion) return device.driverVersion;
  }
  return null;
}
