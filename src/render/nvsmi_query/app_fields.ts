/**
 * The `--query-compute-apps` fields gputop answers, by nvidia-smi's names (descriptions:
 * `field_help.ts`). A row is one compute process on one device (`computeAppRows`).
 */
import type { Device, GpuProcess, Snapshot } from "../../model/types.ts";
import { nvidiaBusId } from "./gpu_fields.ts";
import type { QueryField, QueryKind, QueryValue } from "./query_field.ts";
import { formatQueryTimestamp } from "./query_timestamp.ts";

/** One `--query-compute-apps` row. */
export interface AppQueryRow {
  process: GpuProcess;
  /** The device it runs on; null when the backend could not say. */
  device: Device | null;
  /** The process's first argument as started (`./gpu_burn`), from /proc; null when unread. */
  firstArgument: string | null;
  /** The snapshot's ISO 8601 timestamp. */
  timestamp: string;
}

type AppField = QueryField<AppQueryRow>;

function field(
  name: string,
  kind: QueryKind,
  value: (row: AppQueryRow) => QueryValue,
  aliases: readonly string[] = [],
): AppField {
  return { name, kind, value, aliases, rate: false };
}

export const APP_QUERY_FIELDS: readonly AppField[] = [
  field("timestamp", "text", (row) => formatQueryTimestamp(row.timestamp)),
  field("gpu_name", "text", (row) => row.device?.name ?? null),
  field("gpu_bus_id", "text", (row) => nvidiaBusId(row.device?.pciBusId ?? null)),
  field("gpu_serial", "text", (row) => row.device?.serial ?? null),
  field("gpu_uuid", "text", (row) => row.device?.uuid ?? null),
  field("pid", "integer", (row) => row.process.pid),
  field("process_name", "text", (row) => row.firstArgument ?? row.process.name, ["name"]),
  field("used_gpu_memory", "mib", (row) => row.process.gpuMemoryBytes, ["used_memory"]),
];

/**
 * What nvidia-smi lists as compute apps: processes with a compute context (NVML's compute
 * list, AMD SMI's KFD processes, Level Zero processes using a compute engine). DRM fdinfo
 * clients (type `drm`) are not listed: fdinfo cannot tell compute from graphics.
 */
export function isComputeApp(process: GpuProcess): boolean {
  return process.type === "compute" || process.type === "compute+graphics";
}

/**
 * The rows of `--query-compute-apps`, in the snapshot's order (by device index, then largest
 * GPU memory first, then pid). `firstArguments`: pid → first argument, where /proc had one.
 */
export function computeAppRows(
  snapshot: Snapshot,
  firstArguments: ReadonlyMap<number, string>,
): AppQueryRow[] {
  const byIndex = new Map(snapshot.devices.map((device) => [device.index, device]));
  return snapshot.processes.filter(isComputeApp).map((process) => ({
    process,
    device: process.deviceIndex === null ? null : byIndex.get(process.deviceIndex) ?? null,
    firstArgument: firstArguments.get(process.pid) ?? null,
    timestamp: snapshot.timestamp,
  }));
}
