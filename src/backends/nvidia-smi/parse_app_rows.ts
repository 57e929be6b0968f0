/**
 * `nvidia-smi --query-compute-apps=FIELDS --format=csv,noheader,nounits` output → process
 * readings. Pure. Each row is one compute process on one GPU; it is joined to the device by
 * its PCI address (the device's local id), else by UUID.
 *
 * The figure is the process's own (`perProcess: true`); on Windows under WDDM
 * `used_gpu_memory` is `[N/A]` and becomes null.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { DeviceReading, ProcessReading } from "../../model/types.ts";
import { type AppField, mibCell } from "./fields.ts";
import { csvLines, numberCell, splitCsvLine, textCell } from "./parse_csv.ts";

export interface AppRows {
  processes: ProcessReading[];
  /** Rows with too few cells or without a pid. */
  rejected: number;
}

/** Some builds print this instead of nothing when no compute process runs. */
const NO_PROCESSES = /^no running (compute )?processes found/i;

export function parseAppRows(
  text: string,
  fields: readonly AppField[],
  devices: readonly DeviceReading[],
): AppRows {
  const localIdOfUuid = new Map<string, string>();
  for (const device of devices) {
    if (device.uuid) localIdOfUuid.set(device.uuid.toLowerCase(), device.localId);
  }
  const processes: ProcessReading[] = [];
  let rejected = 0;
  for (const line of csvLines(text)) {
    if (NO_PROCESSES.test(line)) continue;
    const cells = splitCsvLine(line, fields.length);
    if (cells.length < fields.length) {
      rejected++;
      continue;
    }
    const cell = (field: AppField): string => {
      const position = fields.indexOf(field);
      return position === -1 ? "" : cells[position] ?? "";
    };
    const pid = numberCell(cell("pid"), []);
    if (pid === null || !Number.isSafeInteger(pid) || pid < 0) {
      rejected++;
      continue;
    }
    const uuid = textCell(cell("gpu_uuid"));
    const deviceLocalId = normalizePciBusId(textCell(cell("gpu_bus_id"))) ??
      (uuid ? localIdOfUuid.get(uuid.toLowerCase()) ?? null : null);
    processes.push({
      pid,
      deviceLocalId,
      name: textCell(cell("process_name")),
      gpuMemoryBytes: mibCell(cell("used_gpu_memory")),
      type: "compute",
      perProcess: true,
    });
  }
  return { processes, rejected };
}
