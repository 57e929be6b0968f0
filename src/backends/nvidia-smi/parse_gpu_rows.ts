/**
 * `nvidia-smi --query-gpu=FIELDS --format=csv,noheader,nounits` output → device readings.
 * Pure: text and the field list in, readings and a count of rows not understood out.
 */
import type { DeviceReading } from "../../model/types.ts";
import { GPU_FIELD_SPECS, type GpuField } from "./fields.ts";
import { csvLines, numberCell, splitCsvLine } from "./parse_csv.ts";

export interface GpuRows {
  devices: DeviceReading[];
  /** Rows with too few cells, or with no PCI address, UUID or index to name the device by. */
  rejected: number;
}

export function parseGpuRows(text: string, fields: readonly GpuField[]): GpuRows {
  const devices: DeviceReading[] = [];
  let rejected = 0;
  const indexAt = fields.indexOf("index");
  let ordinal = -1;
  for (const line of csvLines(text)) {
    ordinal++;
    const cells = splitCsvLine(line, fields.length);
    if (cells.length < fields.length) {
      rejected++;
      continue;
    }
    const device: DeviceReading = { localId: "", vendor: "nvidia", driver: "nvidia" };
    fields.forEach((field, position) => {
      GPU_FIELD_SPECS[field].apply(device, cells[position] ?? "");
    });
    // nvidia-smi prints GPUs in index order, so a query without `index` numbers them by row.
    const index = indexAt === -1 ? ordinal : numberCell(cells[indexAt] ?? "", []);
    const localId = device.pciBusId ?? device.uuid ??
      (index !== null && Number.isSafeInteger(index) ? `index:${index}` : null);
    if (localId === null) {
      rejected++;
      continue;
    }
    device.localId = localId;
    devices.push(device);
  }
  return { devices, rejected };
}

/** The driver version the rows report (every row carries the same one), or null. */
export function driverVersionOf(devices: readonly DeviceReading[]): string | null {
  for (const device of devices) {
    if (device.driverVersion) return device.driverVersion;
  }
  return null;
}
