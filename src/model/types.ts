/**
 * Plain types of the model. Output shapes are inferred from the zod schema so the JSON,
 * the schema and the code cannot drift apart. Reading shapes are what a backend returns:
 * every metric optional (absent = this backend does not provide it).
 */
import type { z } from "../deps/zod.ts";
import type { IdentityFieldName } from "./device_fields.ts";
import type {
  BackendIdSchema,
  BackendStateSchema,
  BackendStatusSchema,
  DeviceSchema,
  HostEntrySchema,
  OutputSnapshotSchema,
  ProcessSchema,
  ProcessTypeSchema,
  VendorSchema,
} from "./schema.ts";

export type BackendId = z.infer<typeof BackendIdSchema>;
export type BackendState = z.infer<typeof BackendStateSchema>;
export type BackendStatus = z.infer<typeof BackendStatusSchema>;
export type Vendor = z.infer<typeof VendorSchema>;
export type Device = z.infer<typeof DeviceSchema>;
export type GpuProcess = z.infer<typeof ProcessSchema>;
export type ProcessType = z.infer<typeof ProcessTypeSchema>;
/** A reading; with `--hosts` its parts carry `host` and it lists the hosts (all optional). */
export type Snapshot = z.infer<typeof OutputSnapshotSchema>;
export type HostEntry = z.infer<typeof HostEntrySchema>;
/** A device as a reading lists it: with `--hosts`, `host` says where it was read. */
export type ListedDevice = Snapshot["devices"][number];
/** A process as a reading lists it: with `--hosts`, `host` says where it was read. */
export type ListedProcess = Snapshot["processes"][number];
export type HostStatus = HostEntry["status"];

/** Device fields a backend may fill; everything except identity bookkeeping. */
export type DeviceMetrics = Omit<Device, IdentityFieldName>;
export type DeviceMetricName = keyof DeviceMetrics;

/**
 * One device as one backend sees it. `localId` identifies it within that backend (used by
 * its processes); `pciBusId` / `uuid` are what the merge joins on across backends.
 * A metric left out (undefined) or null means this backend does not know it.
 */
export type DeviceReading =
  & {
    localId: string;
    vendor: Vendor;
    /**
     * The device's `id` when it has neither PCI address nor UUID: a name that is stable and
     * unique on this machine (a SoC GPU's platform device name, `fde60000.gpu`).
     */
    hostId?: string | undefined;
  }
  & { [K in DeviceMetricName]?: DeviceMetrics[K] | undefined };

/** Process fields a backend may fill; enrichment (name, command, user, rss) may fill the rest. */
export interface ProcessReading {
  pid: number;
  /** `DeviceReading.localId` of the device this usage is on, within the same backend. */
  deviceLocalId: string | null;
  name?: string | null | undefined;
  command?: string | null | undefined;
  user?: string | null | undefined;
  gpuMemoryBytes?: number | null | undefined;
  memoryByRegion?: Record<string, number> | null | undefined;
  engines?: Record<string, number> | null | undefined;
  type?: ProcessType | null | undefined;
  rssBytes?: number | null | undefined;
  /** False when the memory figure is device-wide rather than this process's own. */
  perProcess: boolean;
}

/** What one `Backend.read()` returns. */
export interface BackendReading {
  /** Wall-clock time of the reading, milliseconds since the epoch. */
  timestampMs: number;
  devices: DeviceReading[];
  processes: ProcessReading[];
  /** Replaces the status detail for this reading (e.g. "3 processes not readable"). */
  detail?: string | null | undefined;
}
