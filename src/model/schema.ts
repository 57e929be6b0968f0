/**
 * The zod definition of the `--json` output (schemaVersion 1). It is the single source of
 * truth: the TypeScript types in `types.ts` are inferred from it, `gputop schema` prints the
 * JSON Schema generated from it, and the tests validate real output against it.
 *
 * Every key is always present; an unknown value is `null`, never 0. Units live in key names.
 */
import { z } from "../deps/zod.ts";
import { BACKEND_IDS } from "./backend_ids.ts";
import { SCHEMA_VERSION } from "./schema_ids.ts";

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

/**
 * GPU vendor. PCI devices: from the PCI vendor id. SoC (platform) GPUs, which have none: from
 * the driver (panfrost, panthor, lima → arm; msm → qualcomm; v3d, vc4 → broadcom; etnaviv →
 * vivante; asahi → apple; powervr → imagination). "other" when neither says.
 */
export const VendorSchema = z.enum([
  "nvidia",
  "amd",
  "intel",
  "apple",
  "arm",
  "qualcomm",
  "broadcom",
  "vivante",
  "imagination",
  "other",
]);

const bytes = z.number().int().nonnegative().nullable();
const percent = z.number().min(0).max(100).nullable();
const numberOrNull = z.number().nullable();

/** Engine class → busy percent (0–100). */
export const EnginesSchema = z.record(z.string(), z.number().min(0).max(100)).nullable();

export const DeviceSchema = z.object({
  index: z.number().int().nonnegative(),
  id: z.string().describe("PCI address when known, else UUID, else backend-local id"),
  vendor: VendorSchema,
  name: z.string().nullable(),
  uuid: z.string().nullable(),
  serial: z.string().nullable(),
  pciBusId: z.string().nullable().describe("normalised 0000:01:00.0, lower case"),
  driver: z.string().nullable(),
  driverVersion: z.string().nullable(),
  cudaDriverVersion: z.string().nullable(),
  architecture: z.string().nullable(),
  computeCapability: z.string().nullable(),
  memoryTotalBytes: bytes,
  memoryUsedBytes: bytes,
  memoryFreeBytes: bytes,
  memoryShared: z.boolean().nullable().describe("true for integrated / unified memory"),
  gttTotalBytes: bytes,
  gttUsedBytes: bytes,
  utilizationPercent: percent,
  utilizationSource: z.enum(["device", "processes"]).nullable().describe(
    "where utilizationPercent comes from: the device's own busy counter, or the sum of its " +
      "processes' engine use (i915, xe have no device busy counter)",
  ),
  memoryUtilizationPercent: percent,
  engines: EnginesSchema,
  temperatureCelsius: numberOrNull,
  temperaturesCelsius: z.record(z.string(), z.number()).nullable().describe(
    "sensor label → °C (edge, junction, mem, ...)",
  ),
  powerWatts: numberOrNull,
  powerLimitWatts: numberOrNull,
  energyJoules: numberOrNull,
  graphicsClockMHz: numberOrNull,
  graphicsClockMaxMHz: numberOrNull,
  graphicsClockMinMHz: numberOrNull.describe(
    "lowest clock the current policy allows (devfreq min_freq)",
  ),
  memoryClockMHz: numberOrNull,
  memoryClockMaxMHz: numberOrNull,
  fanPercent: percent,
  performanceState: z.string().nullable(),
  pcieGeneration: z.number().int().nullable(),
  pcieWidth: z.number().int().nullable(),
  migMode: z.boolean().nullable(),
  runtimeStatus: z.string().nullable().describe(
    "PCI runtime power state (active, suspended, ...); suspended devices are not woken",
  ),
  error: z.string().nullable().describe("why this device could not be read fully"),
  sources: z.record(z.string(), BackendIdSchema).describe("field name → backend id"),
});

export const ProcessTypeSchema = z.enum(["compute", "graphics", "compute+graphics", "drm"]);

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
});

export const SnapshotSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  timestamp: z.string().describe("ISO 8601"),
  hostname: z.string().nullable(),
  backends: z.array(BackendStatusSchema),
  devices: z.array(DeviceSchema),
  processes: z.array(ProcessSchema),
});
