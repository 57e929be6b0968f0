/**
 * The parts of the JSON contract that every command needs, without zod: the schema version,
 * the backend ids (re-exported) and the field order of devices and processes. Loading zod and
 * building the schemas costs tens of milliseconds at start, so only `gputop schema`, the tests
 * and parsers of external JSON import `schema.ts`; a test checks these lists against it.
 * Device fields are not listed here: they are the declarations of `device_fields.ts`.
 */

import { DEVICE_FIELD_NAMES } from "./device_fields.ts";

export const SCHEMA_VERSION = 1;

/** Backend ids, in registry precedence order (the one list is `src/backends/ids.ts`). */
export { BACKEND_IDS } from "./backend_ids.ts";

/** Top-level snapshot keys in schema order (`SnapshotSchema`). */
export const SNAPSHOT_FIELDS = [
  "schemaVersion",
  "timestamp",
  "hostname",
  "backends",
  "devices",
  "processes",
] as const;

/** Backend status keys in schema order (`BackendStatusSchema`). */
export const BACKEND_STATUS_FIELDS = ["id", "status", "detail", "library", "version"] as const;

/** Device fields in schema order: the order of their declarations in `device_fields.ts`. */
export const DEVICE_FIELDS = DEVICE_FIELD_NAMES;

/** Process fields in schema order (`ProcessSchema` in `schema.ts`). */
export const PROCESS_FIELDS = [
  "pid",
  "name",
  "command",
  "user",
  "deviceIndex",
  "deviceId",
  "gpuMemoryBytes",
  "memoryByRegion",
  "engines",
  "type",
  "rssBytes",
  "source",
  "perProcess",
  "container",
  "pod",
  "containerPid",
  "cpuPercent",
  "startTime",
  "state",
] as const;

/** How reading one host of `--hosts` went (`HostEntrySchema`). */
export const HOST_STATUSES = ["ok", "timeout", "refused", "unauthorized", "invalid"] as const;

/** Keys of one `hosts` entry in schema order (`HostEntrySchema`). */
export const HOST_ENTRY_FIELDS = ["host", "status", "detail"] as const;
