/**
 * The zod definition of the `--json` output (schemaVersion 1). It is the single source of
 * truth: the TypeScript types in `types.ts` are inferred from it, `gputop schema` prints the
 * JSON Schema generated from it, and the tests validate real output against it.
 *
 * Every key is always present; an unknown value is `null`, never 0. Units live in key names.
 * The device object's fields are declared in `device_fields.ts`, each with its zod type.
 */
import { z } from "../deps/zod.ts";
import { BACKEND_IDS } from "./backend_ids.ts";
import { bytes as bytesOrNull } from "./device_field_declaration.ts";
import { deviceSchemaShape } from "./device_fields.ts";
import { HOST_STATUSES, SCHEMA_VERSION } from "./schema_ids.ts";
import { CONTAINER_RUNTIMES, POD_QOS_CLASSES, PROCESS_STATES } from "./process_attribution.ts";

// SCHEMA_VERSION and the field lists live in zod-free `schema_ids.ts` (so the reading path
// does not load zod); backend ids in `src/backends/ids.ts` (one list). Re-exported here.
export { BACKEND_IDS, SCHEMA_VERSION };
export const BackendIdSchema = z.enum(BACKEND_IDS);

export const BackendStateSchema = z.enum(["ok", "unavailable", "error", "skipped"]);

export const BackendStatusSchema = z.object({
  id: BackendIdSchema,
  status: BackendStateSchema,
  detail: z.string().nullable().describe("why it is not ok, or what it skipped"),
  library: z.string().nullable().describe("library path or program used"),
  version: z.string().nullable().describe("library, driver or program version"),
});

export const DeviceSchema = z.object(deviceSchemaShape(z));

/** GPU vendor (see `VENDORS` in `device_fields.ts`). */
export const VendorSchema = DeviceSchema.shape.vendor;

/** Engine class → busy percent (0–100). */
export const EnginesSchema = DeviceSchema.shape.engines;

const bytes = bytesOrNull(z);

export const ProcessTypeSchema = z.enum(["compute", "graphics", "compute+graphics", "drm"]);

export const ContainerSchema = z.object({
  runtime: z.enum(CONTAINER_RUNTIMES),
  id: z.string().describe("64 hex digits where the runtime uses them, else the name"),
});

export const PodSchema = z.object({
  uid: z.string().describe("canonical UID (dashed, lower case)"),
  namespace: z.string().nullable(),
  name: z.string().nullable(),
  qos: z.enum(POD_QOS_CLASSES).nullable(),
});

export const ProcessSchema = z.object({
  pid: z.number().int().nonnegative(),
  name: z.string().nullable(),
  command: z.string().nullable(),
  user: z.string().nullable(),
  deviceIndex: z.number().int().nonnegative().nullable(),
  deviceId: z.string().nullable(),
  gpuMemoryBytes: bytes,
  memoryByRegion: z.record(z.string(), z.number().int().nonnegative()).nullable(),
  engines: EnginesSchema,
  type: ProcessTypeSchema.nullable(),
  rssBytes: bytes,
  source: BackendIdSchema,
  perProcess: z.boolean().describe("false when the figure is device-wide"),
  container: ContainerSchema.nullable().describe("from /proc/<pid>/cgroup"),
  pod: PodSchema.nullable().describe("Kubernetes pod, from the cgroup and /var/log/pods"),
  containerPid: z.number().int().nonnegative().nullable().describe(
    "pid in its own PID namespace; null when the same as pid",
  ),
  cpuPercent: z.number().nonnegative().nullable().describe(
    "CPU over the sample window or interval, percent of one core",
  ),
  startTime: z.string().nullable().describe("ISO 8601"),
  state: z.enum(PROCESS_STATES).nullable(),
});

export const SnapshotSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  timestamp: z.string().describe("ISO 8601"),
  hostname: z.string().nullable(),
  backends: z.array(BackendStatusSchema),
  devices: z.array(DeviceSchema),
  processes: z.array(ProcessSchema),
});

/** Where a device, process or backend was read, with `--hosts`: the entry as the user gave it. */
const HostKeySchema = z.string().optional().describe(
  "with --hosts only: the host as given (e.g. gpu-07:9757); absent otherwise",
);

/** One host of `--hosts` and how reading its `/snapshot` went. */
export const HostEntrySchema = z.object({
  host: z.string().describe("the entry as given in --hosts or --hosts-file"),
  status: z.enum(HOST_STATUSES),
  detail: z.string().nullable().describe("why it is not ok, in a few words; null when ok"),
});

/**
 * What `--json` may print: the snapshot above, plus the keys `--hosts` adds (a `host` on each
 * backend, device and process, and the top-level `hosts` list). They are optional, so a local
 * reading, which has none of them, is the same document as before.
 */
export const OutputSnapshotSchema = SnapshotSchema.extend({
  backends: z.array(BackendStatusSchema.extend({ host: HostKeySchema })),
  devices: z.array(DeviceSchema.extend({ host: HostKeySchema })),
  processes: z.array(ProcessSchema.extend({ host: HostKeySchema })),
  hosts: z.array(HostEntrySchema).optional().describe("with --hosts only: each host's status"),
});
