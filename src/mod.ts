/**
 * gputop as a library: read GPU devices and the processes using them, from every vendor
 * backend available, merged per device. No CLI, no rendering, no side effects at import.
 *
 * @example
 * ```ts
 * import { readSnapshot } from "./src/mod.ts";
 * const snapshot = await readSnapshot();
 * for (const device of snapshot.devices) console.log(device.name, device.memoryUsedBytes);
 * ```
 * @module
 */
export { createSession, readSnapshot, watchSnapshots } from "./session/read_snapshot.ts";
export type { ReadSnapshotOptions } from "./session/read_snapshot.ts";
export { Session } from "./session/session.ts";
export { SCHEMA_VERSION, SnapshotSchema } from "./model/schema.ts";
export type {
  BackendId,
  BackendStatus,
  Device,
  GpuProcess,
  ProcessType,
  Snapshot,
  Vendor,
} from "./model/types.ts";
export { BACKENDS } from "./backends/mod.ts";
export type { Backend, BackendContext, BackendDescriptor } from "./backends/backend.ts";
export { VERSION } from "./version.ts";
