/**
 * "How much VRAM does my own program hold?": this process's RSS plus, per device, the GPU
 * memory the backends attribute to its pid, with whether that figure is really this
 * process's (`perProcess`) and which backend gave it.
 */
import type { BackendId, BackendStatus, GpuProcess } from "../model/types.ts";
import { readSnapshot, type ReadSnapshotOptions } from "./read_snapshot.ts";

/** Options of {@linkcode selfUsage}. */
export interface SelfUsageOptions extends ReadSnapshotOptions {
  /** The process to report; default this one (`Deno.pid`). */
  pid?: number | undefined;
}

/** One device on which the process holds GPU memory. */
export interface DeviceUsage {
  deviceIndex: number | null;
  /** PCI address when known, else UUID. */
  deviceId: string | null;
  /** Bytes; null when the backend could not tell. */
  gpuMemoryBytes: number | null;
  /** Memory region → bytes (DRM drivers: vram, gtt, system…), when known. */
  memoryByRegion: Record<string, number> | null;
  /** False when the figure is device-wide (the nvidia-smi fallback can be), not this pid's. */
  perProcess: boolean;
  /** The backend that supplied the figure. */
  source: BackendId;
}

/** The result of {@linkcode selfUsage}. */
export interface SelfUsage {
  pid: number;
  /** Resident set size in bytes; null when unknown. */
  rssBytes: number | null;
  /** Sum of the per-process device figures; null when no device gave one. */
  gpuMemoryBytes: number | null;
  devices: DeviceUsage[];
  /** ISO 8601 time of the reading. */
  timestamp: string;
  /** Each backend's status, as in a snapshot. */
  backends: BackendStatus[];
}

/** This process's (or `pid`'s) RSS and GPU memory per device. */
export async function selfUsage(options: SelfUsageOptions = {}): Promise<SelfUsage> {
  const pid = options.pid ?? Deno.pid;
  const snapshot = await readSnapshot(options);
  const mine = snapshot.processes.filter((p) => p.pid === pid);
  const devices = mine.map(toDeviceUsage);
  const known = devices.filter((d) => d.perProcess && d.gpuMemoryBytes !== null);
  return {
    pid,
    rssBytes: pid === Deno.pid ? ownRss() : mine.find((p) => p.rssBytes !== null)?.rssBytes ?? null,
    gpuMemoryBytes: known.length === 0
      ? null
      : known.reduce((sum, d) => sum + (d.gpuMemoryBytes ?? 0), 0),
    devices,
    timestamp: snapshot.timestamp,
    backends: snapshot.backends,
  };
}

function toDeviceUsage(process: GpuProcess): DeviceUsage {
  return {
    deviceIndex: process.deviceIndex,
    deviceId: process.deviceId,
    gpuMemoryBytes: process.gpuMemoryBytes,
    memoryByRegion: process.memoryByRegion,
    perProcess: process.perProcess,
    source: process.source,
  };
}

function ownRss(): number | null {
  try {
    return Deno.memoryUsage().rss;
  } catch {
    return null;
  }
}
