/**
 * Hand-built snapshots for renderer tests. Every Device / Process key is filled (null where
 * nullable; a device's metrics start from the same all-null record the merge starts from);
 * pass overrides for the fields a test cares about.
 */
import { emptyDeviceMetrics } from "../../src/model/empty_device.ts";
import type { BackendStatus, Device, GpuProcess, Snapshot } from "../../src/model/types.ts";
import { NO_ATTRIBUTION } from "../../src/model/process_attribution.ts";

export function makeDevice(overrides: Partial<Device> = {}): Device {
  return {
    index: 0,
    id: "0000:01:00.0",
    vendor: "nvidia",
    ...emptyDeviceMetrics(),
    sources: {},
    ...overrides,
  };
}

export function makeProcess(overrides: Partial<GpuProcess> = {}): GpuProcess {
  return {
    pid: 1,
    name: null,
    command: null,
    user: null,
    deviceIndex: 0,
    deviceId: null,
    gpuMemoryBytes: null,
    memoryByRegion: null,
    engines: null,
    type: null,
    rssBytes: null,
    source: "nvml",
    perProcess: true,
    ...NO_ATTRIBUTION,
    ...overrides,
  };
}

export function makeBackend(overrides: Partial<BackendStatus> = {}): BackendStatus {
  return {
    id: "nvml",
    status: "ok",
    detail: null,
    library: null,
    version: null,
    ...overrides,
  };
}

export function makeSnapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    schemaVersion: 1,
    timestamp: "2025-01-01T00:00:00.000Z",
    hostname: "host",
    backends: [],
    devices: [],
    processes: [],
    ...overrides,
  };
}

const GiB = 1024 ** 3;

/** A realistic two-GPU snapshot with a few processes. */
export function sampleSnapshot(): Snapshot {
  return makeSnapshot({
    backends: [
      makeBackend({ id: "nvml", library: "libnvidia-ml.so.1", version: "550.54.14" }),
      makeBackend({ id: "drm", library: "/sys/class/drm" }),
    ],
    devices: [
      makeDevice({
        index: 0,
        name: "NVIDIA GeForce RTX 4090",
        driver: "nvidia",
        driverVersion: "550.54.14",
        memoryTotalBytes: 24 * GiB,
        memoryUsedBytes: Math.round(3.2 * GiB),
        utilizationPercent: 37,
        temperatureCelsius: 45,
        powerWatts: 123.4,
        powerLimitWatts: 450,
        graphicsClockMHz: 1980,
        memoryClockMHz: 10501,
        engines: { graphics: 37, copy: 0 },
        sources: { name: "nvml", utilizationPercent: "nvml", runtimeStatus: "drm" },
      }),
      makeDevice({
        index: 1,
        id: "0000:03:00.0",
        vendor: "intel",
        name: "Intel Arc A770",
        driver: "xe",
        sources: { name: "drm" },
        error: "power: permission denied",
      }),
    ],
    processes: [
      makeProcess({
        pid: 4242,
        name: "python3",
        command: "python3 train.py --epochs 10",
        user: "alice",
        gpuMemoryBytes: 2 * GiB,
        type: "compute",
        rssBytes: 512 * 1024 ** 2,
      }),
      makeProcess({
        pid: 777,
        name: "Xorg",
        user: "root",
        deviceIndex: 1,
        deviceId: "0000:03:00.0",
        engines: { render: 12, copy: 0 },
        type: "drm",
        source: "drm",
      }),
    ],
  });
}
