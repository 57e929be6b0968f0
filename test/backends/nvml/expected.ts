/**
 * What the backend must report for the fake's `two-gpus` scenario. Every value restates a
 * number from test/fakes/nvml/fake_nvml.c, with unit conversions worked by hand.
 */
import { emptyDeviceMetrics } from "../../../src/model/empty_device.ts";
import type { DeviceMetrics, DeviceReading, ProcessReading } from "../../../src/model/types.ts";

/**
 * Keys an NVML reading of a whole GPU leaves out rather than null: those only the DRM backend
 * fills, the health verdict, the partition keys only a MIG device carries (mig_e2e_test.ts),
 * and the Xid counts, which only a live mode's reading sets (xid_events_test.ts).
 */
const DRM_ONLY = [
  "parentId",
  "partition",
  "utilizationSource",
  "memoryShared",
  "gttTotalBytes",
  "gttUsedBytes",
  "temperaturesCelsius",
  "runtimeStatus",
  "graphicsClockMinMHz",
  // The verdict: the session applies the health rule after the merge; no backend sets it.
  "health",
  "healthReasons",
  "xidEventsTotal",
  "lastXid",
] as const;

/** Every metric key an NVML reading carries, each null (a GPU NVML could not read). */
export function nvmlNullMetrics(): Omit<DeviceMetrics, typeof DRM_ONLY[number]> {
  const metrics: Partial<DeviceMetrics> = emptyDeviceMetrics();
  for (const key of DRM_ONLY) delete metrics[key];
  return metrics as Omit<DeviceMetrics, typeof DRM_ONLY[number]>;
}

export const GPU0_ID = "0000:07:00.0"; // fake: busId "00000000:07:00.0"
export const GPU1_ID = "0000:81:00.0"; // fake: busId "00000000:81:00.0"

/** The health fields in every scenario but healthy and sick: the fake answers NOT_SUPPORTED. */
const HEALTH_NOT_SUPPORTED = {
  pcieGenerationMax: null,
  pcieWidthMax: null,
  pcieReplayCount: null,
  eccEnabled: null,
  eccErrors: null,
  retiredPages: null,
  retirementPending: null,
  retirementFailed: null,
  clockEventReasons: null,
} as const;

export const GPU0: DeviceReading = {
  localId: GPU0_ID,
  vendor: "nvidia",
  deviceClass: "gpu",
  name: "NVIDIA A100-SXM4-80GB",
  uuid: "GPU-0f6a1a2b-3c4d-5e6f-7081-92a3b4c5d6e7",
  serial: "1324021041532",
  pciBusId: GPU0_ID,
  driver: "nvidia",
  driverVersion: "535.261.03",
  cudaDriverVersion: "12.2", // 12020: 12020 ÷ 1000 = 12, (12020 mod 1000) ÷ 10 = 2
  memoryTotalBytes: 85899345920, // 80 × 1024³
  memoryUsedBytes: 4861198336, // the _v2 figure (reserved included); 85899345920 − free
  memoryFreeBytes: 81038147584,
  utilizationPercent: 87,
  memoryUtilizationPercent: 45,
  engines: { encode: 12, decode: 34 },
  temperatureCelsius: 64,
  powerWatts: 123.456, // 123456 mW ÷ 1000
  powerLimitWatts: 400, // 400000 mW ÷ 1000
  energyJoules: 987654321.012, // 987654321012 mJ ÷ 1000
  graphicsClockMHz: 1095,
  graphicsClockMaxMHz: 1410,
  memoryClockMHz: 1215,
  memoryClockMaxMHz: 1593,
  fanPercent: 30,
  performanceState: "P0",
  pcieGeneration: 4,
  pcieWidth: 16,
  architecture: "Ampere", // NVML_DEVICE_ARCH_AMPERE = 7
  computeCapability: "8.0",
  migMode: false,
  ...HEALTH_NOT_SUPPORTED,
  error: null,
};

export const GPU1: DeviceReading = {
  localId: GPU1_ID,
  vendor: "nvidia",
  deviceClass: "gpu",
  name: "NVIDIA L40S",
  uuid: "GPU-9e8d7c6b-5a49-3827-1605-f4e3d2c1b0a9",
  serial: "1652123456789",
  pciBusId: GPU1_ID,
  driver: "nvidia",
  driverVersion: "535.261.03",
  cudaDriverVersion: "12.2",
  memoryTotalBytes: 48305799168, // 46068 × 1024²
  memoryUsedBytes: 1006632960, // 48305799168 − 47299166208
  memoryFreeBytes: 47299166208,
  utilizationPercent: 3,
  memoryUtilizationPercent: 1,
  engines: { encode: 0, decode: 0 },
  temperatureCelsius: 38,
  powerWatts: 35.25, // 35250 mW ÷ 1000
  powerLimitWatts: 350, // 350000 mW ÷ 1000
  energyJoules: 5000, // 5000000 mJ ÷ 1000
  graphicsClockMHz: 210,
  graphicsClockMaxMHz: 2520,
  memoryClockMHz: 405,
  memoryClockMaxMHz: 9001,
  fanPercent: 100, // the fake says 120: capped
  performanceState: "P8",
  pcieGeneration: 3,
  pcieWidth: 8,
  architecture: "Ada", // 8
  computeCapability: "8.9",
  migMode: null, // NOT_SUPPORTED
  ...HEALTH_NOT_SUPPORTED,
  error: null,
};

/** Memory as the v1 entry point reports it (used without the _v2 reserved split). */
// 4294967296 = 4 × 1024³; 81604378624 = 85899345920 − 4294967296
export const GPU0_MEMORY_V1 = { memoryUsedBytes: 4294967296, memoryFreeBytes: 81604378624 };
// 536870912 = 512 × 1024²; 47768928256 = 48305799168 − 536870912
export const GPU1_MEMORY_V1 = { memoryUsedBytes: 536870912, memoryFreeBytes: 47768928256 };

/** A process with no utilisation sample was idle during the period (see read_processes.ts). */
export const IDLE = { sm: 0, memory: 0, encode: 0, decode: 0 };

export const PROCESSES: ProcessReading[] = [
  {
    pid: 4242,
    deviceLocalId: GPU0_ID,
    gpuMemoryBytes: 2147483648, // 2 × 1024³
    engines: { sm: 75, memory: 40, encode: 0, decode: 5 },
    type: "compute",
    perProcess: true,
  },
  {
    pid: 5151, // in both lists
    deviceLocalId: GPU0_ID,
    gpuMemoryBytes: 1073741824,
    engines: { sm: 10, memory: 2, encode: 20, decode: 0 },
    type: "compute+graphics",
    perProcess: true,
  },
  {
    pid: 6000, // usedGpuMemory = NVML_VALUE_NOT_AVAILABLE; no utilisation sample = idle
    deviceLocalId: GPU0_ID,
    gpuMemoryBytes: null,
    engines: IDLE,
    type: "graphics",
    perProcess: true,
  },
  {
    pid: 7007, // GPU 1 has no per-process utilisation (NOT_SUPPORTED)
    deviceLocalId: GPU1_ID,
    gpuMemoryBytes: 536870912,
    engines: null,
    type: "compute",
    perProcess: true,
  },
];

/** The newest utilisation sample time on GPU 0 (5151's), in CPU µs. */
export const GPU0_NEWEST_SAMPLE_US = 1700000000500000n;
