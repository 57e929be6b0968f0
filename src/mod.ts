/**
 * gputop as a library: read GPU devices and the processes using them, from every vendor
 * backend available, merged per device. No CLI, no rendering. Importing this module loads
 * no vendor library, starts no program and reads no file: that happens only inside a call.
 *
 * Missing GPUs, libraries, programs or permissions are data (`snapshot.backends[].status`),
 * never exceptions. Only a mistake in the options throws, naming the option: an unknown
 * backend id, or a `root` / `procRoot` / `sysRoot` that is not a directory.
 *
 * @example One reading
 * ```ts
 * import { readSnapshot } from "./mod.ts";
 *
 * const snapshot = await readSnapshot();
 * for (const device of snapshot.devices) console.log(device.name, device.memoryUsedBytes);
 * ```
 * @module
 */
import {
  readSnapshot as readSnapshotImpl,
  type ReadSnapshotOptions,
} from "./session/read_snapshot.ts";
import {
  type SelfUsage,
  selfUsage as selfUsageImpl,
  type SelfUsageOptions,
} from "./session/self_usage.ts";
import {
  watchSnapshots as watchSnapshotsImpl,
  type WatchSnapshotsOptions,
} from "./session/watch_snapshots.ts";
import type { Snapshot } from "./model/types.ts";

export type { ReadSnapshotOptions } from "./session/read_snapshot.ts";
export type { WatchSnapshotsOptions } from "./session/watch_snapshots.ts";
export type { DeviceUsage, SelfUsage, SelfUsageOptions } from "./session/self_usage.ts";
export type {
  BackendId,
  BackendState,
  BackendStatus,
  Device,
  GpuProcess,
  ProcessType,
  Snapshot,
  Vendor,
} from "./model/types.ts";

/**
 * One reading of every GPU and the processes holding its memory. Vendor libraries are
 * initialised and shut down inside the call. With `sampleWindowMs`, two samples are taken
 * that far apart so that rates (engine busy %, watts from energy counters) are known.
 *
 * @example Devices and their memory
 * ```ts
 * import { readSnapshot } from "./mod.ts";
 *
 * // On a machine without GPUs this still succeeds: no devices, and each backend's status.
 * const snapshot = await readSnapshot({ backends: ["drm"] });
 * for (const device of snapshot.devices) {
 *   console.log(device.index, device.name, device.memoryUsedBytes);
 * }
 * console.log(snapshot.backends.map((b) => `${b.id}: ${b.status}`).join(", "));
 * ```
 *
 * @throws {TypeError} `backends` is not an array, or a root is not a string.
 * @throws {RangeError} `backends` names an unknown backend, or `root` / `procRoot` / `sysRoot`
 * is given and is not a directory (the message starts with the option's name). The defaults
 * (`/proc`, `/sys`, `GPUTOP_ROOT`, `GPUTOP_PROC_ROOT`, `GPUTOP_SYS_ROOT`) are not checked: a
 * missing one is a status.
 */
export function readSnapshot(options: ReadSnapshotOptions = {}): Promise<Snapshot> {
  return readSnapshotImpl(options);
}

/**
 * Readings every `intervalMs` on a drift-free schedule, from one session: vendor libraries
 * are initialised once (or per sample with `lazyInit`) and every one is shut down when the
 * iteration ends — after `count`, when `signal` aborts, or when the loop `break`s. A short
 * warm-up sample is taken first, so the first reading already has its rates. Treat readings
 * as read-only: an unchanged process's row (and its nested objects) is the same object in
 * consecutive readings, which keeps a long run's memory flat.
 *
 * @example Three readings, 100 ms apart
 * ```ts
 * import { watchSnapshots } from "./mod.ts";
 *
 * let seen = 0;
 * for await (const snapshot of watchSnapshots({ intervalMs: 100, backends: ["drm"] })) {
 *   console.log(snapshot.timestamp, snapshot.devices.length);
 *   if (++seen === 3) break; // closes every library session
 * }
 * ```
 *
 * @throws {TypeError | RangeError} On the first iteration, as {@linkcode readSnapshot} does
 * for bad options, and a RangeError when `intervalMs` is not positive.
 */
export function watchSnapshots(options: WatchSnapshotsOptions): AsyncGenerator<Snapshot> {
  return watchSnapshotsImpl(options);
}

/**
 * How much memory this process holds: its RSS, and per device the GPU memory the backends
 * attribute to its pid — with `perProcess` false when a backend could only give a
 * device-wide figure, and `source` naming the backend.
 *
 * @example VRAM held by this program
 * ```ts
 * import { selfUsage } from "./mod.ts";
 *
 * const usage = await selfUsage({ backends: ["drm"] });
 * console.log(`pid ${usage.pid}: RSS ${usage.rssBytes} B, GPU ${usage.gpuMemoryBytes ?? "?"} B`);
 * for (const device of usage.devices) {
 *   console.log(device.deviceId, device.gpuMemoryBytes, device.perProcess, device.source);
 * }
 * ```
 *
 * @throws {TypeError | RangeError} As {@linkcode readSnapshot} does for bad options. Backends
 * left out by the `backends` option are listed as skipped, "not selected".
 */
export function selfUsage(options: SelfUsageOptions = {}): Promise<SelfUsage> {
  return selfUsageImpl(options);
}
