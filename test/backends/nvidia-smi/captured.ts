/**
 * The values of the real captures (/work/shared/realdata/nvidia-smi, see
 * fixtures/nvidia-smi/README.md), copied by hand from the capture text in its own units
 * (`memory.total [MiB]` = `81559 MiB` is written 81559). The parser, backend and end-to-end
 * tests check gputop's output against these, converted: MiB × 1048576 = bytes.
 */
import type { DeviceReading } from "../../../src/model/types.ts";

export const MIB = 1048576;

/** UUIDs and serials were masked (zeros) by the collector of the captures. */
export const ZERO_UUID = "GPU-00000000-0000-0000-0000-000000000000";

export interface CapturedGpu {
  name: string;
  /** `pci.bus_id` as printed (8-digit domain, upper case). */
  busId: string;
  /** null where the capture prints `[N/A]`. */
  serial: string | null;
  driverVersion: string;
  memoryTotalMiB: number;
  memoryUsedMiB: number;
  memoryFreeMiB: number;
  utilizationGpu: number;
  utilizationMemory: number;
  temperatureGpu: number;
  powerDraw: number;
  enforcedPowerLimit: number;
  clockGraphics: number;
  clockGraphicsMax: number;
  clockMemory: number;
  clockMemoryMax: number;
  fanSpeed: number | null;
  pstate: string;
  pcieGen: number;
  pcieWidth: number;
  /** `mig.mode.current`: `Disabled` → false, `[N/A]` → null. */
  migMode: boolean | null;
  computeCap: string;
}

export interface CapturedApp {
  pid: number;
  processName: string;
  usedMiB: number;
}

export interface Capture {
  gpu: CapturedGpu;
  apps: CapturedApp[];
}

const RTX_2080_SUPER = {
  name: "NVIDIA GeForce RTX 2080 SUPER",
  busId: "00000000:0C:00.0",
  serial: null,
  driverVersion: "595.71.05",
  memoryTotalMiB: 8192,
  enforcedPowerLimit: 250, // 250.00 W
  clockGraphicsMax: 2145,
  clockMemoryMax: 7751,
  fanSpeed: 38,
  pcieWidth: 16,
  migMode: null,
  computeCap: "7.5",
} as const;

const RTX_4080_SUPER = {
  name: "NVIDIA GeForce RTX 4080 SUPER",
  busId: "00000000:01:00.0",
  serial: null,
  driverVersion: "595.71.05",
  memoryTotalMiB: 16376,
  enforcedPowerLimit: 320, // 320.00 W
  clockGraphicsMax: 3165,
  clockMemoryMax: 11501,
  fanSpeed: 0, // 0 %: a stopped fan is a reading, not unknown
  pcieWidth: 16,
  migMode: null,
  computeCap: "8.9",
} as const;

const H100 = {
  name: "NVIDIA H100 80GB HBM3",
  busId: "00000000:00:09.0",
  serial: "0000000000000",
  driverVersion: "590.48.01",
  memoryTotalMiB: 81559,
  enforcedPowerLimit: 700, // 700.00 W
  clockGraphicsMax: 1980,
  clockMemoryMax: 2619,
  fanSpeed: null, // [N/A]: no fan on the SXM board
  pcieWidth: 16,
  migMode: false, // Disabled
  computeCap: "9.0",
} as const;

/** Keyed by fixture stem: `<model>-<driver>-<state>`. */
export const CAPTURED: Record<string, Capture> = {
  "rtx-2080-super-595.71.05-idle": {
    gpu: {
      ...RTX_2080_SUPER,
      memoryUsedMiB: 214,
      memoryFreeMiB: 7571,
      utilizationGpu: 0,
      utilizationMemory: 9,
      temperatureGpu: 40,
      powerDraw: 39.32,
      clockGraphics: 765,
      clockMemory: 810,
      pstate: "P8",
      pcieGen: 1,
    },
    apps: [], // header only
  },
  "rtx-2080-super-595.71.05-load": {
    gpu: {
      ...RTX_2080_SUPER,
      memoryUsedMiB: 819,
      memoryFreeMiB: 6967,
      utilizationGpu: 8,
      utilizationMemory: 3,
      temperatureGpu: 45,
      powerDraw: 111.5, // 111.50 W
      clockGraphics: 2055,
      clockMemory: 7500,
      pstate: "P2",
      pcieGen: 3,
    },
    apps: [
      { pid: 5268, processName: "ffmpeg", usedMiB: 370 },
      { pid: 5267, processName: "ffmpeg", usedMiB: 230 },
    ],
  },
  "rtx-4080-super-595.71.05-idle": {
    gpu: {
      ...RTX_4080_SUPER,
      memoryUsedMiB: 596,
      memoryFreeMiB: 15348,
      utilizationGpu: 0,
      utilizationMemory: 23,
      temperatureGpu: 43,
      powerDraw: 26.2, // 26.20 W (power.draw.instant 28.77 W is not queried)
      clockGraphics: 210,
      clockMemory: 405,
      pstate: "P8",
      pcieGen: 1,
    },
    apps: [{ pid: 2165, processName: "/usr/bin/kwin_wayland", usedMiB: 25 }],
  },
  "rtx-4080-super-595.71.05-load": {
    gpu: {
      ...RTX_4080_SUPER,
      memoryUsedMiB: 1474,
      memoryFreeMiB: 14470,
      utilizationGpu: 7,
      utilizationMemory: 2,
      temperatureGpu: 46,
      powerDraw: 84.24,
      clockGraphics: 2805,
      clockMemory: 11251,
      pstate: "P2",
      pcieGen: 4,
    },
    apps: [
      { pid: 2165, processName: "/usr/bin/kwin_wayland", usedMiB: 25 },
      { pid: 5022, processName: "ffmpeg", usedMiB: 503 },
      { pid: 5021, processName: "ffmpeg", usedMiB: 360 },
    ],
  },
  "h100-80gb-hbm3-590.48.01-idle": {
    gpu: {
      ...H100,
      memoryUsedMiB: 0, // known to be zero
      memoryFreeMiB: 81081,
      utilizationGpu: 0,
      utilizationMemory: 0,
      temperatureGpu: 41,
      powerDraw: 69.85,
      clockGraphics: 345,
      clockMemory: 2619,
      pstate: "P0",
      pcieGen: 5,
    },
    apps: [], // header only
  },
  "h100-80gb-hbm3-590.48.01-load": {
    gpu: {
      ...H100,
      memoryUsedMiB: 19818,
      memoryFreeMiB: 61263,
      utilizationGpu: 100,
      utilizationMemory: 11,
      temperatureGpu: 59,
      powerDraw: 631.95,
      clockGraphics: 1980,
      clockMemory: 2619,
      pstate: "P0",
      pcieGen: 5,
    },
    apps: [
      { pid: 11327, processName: "/root/tools/memhog", usedMiB: 2566 },
      { pid: 11328, processName: "/root/tools/memhog", usedMiB: 1542 },
      { pid: 11345, processName: "./gpu_burn", usedMiB: 15690 },
    ],
  },
};

/** `00000000:0C:00.0` → `0000:0c:00.0`, worked by hand for the three captures. */
export const NORMALISED_BUS_ID: Record<string, string> = {
  "00000000:0C:00.0": "0000:0c:00.0",
  "00000000:01:00.0": "0000:01:00.0",
  "00000000:00:09.0": "0000:00:09.0",
};

/** The device reading a captured row must give. */
export function capturedReading(gpu: CapturedGpu): DeviceReading {
  const pci = NORMALISED_BUS_ID[gpu.busId]!;
  return {
    localId: pci,
    vendor: "nvidia",
    deviceClass: "gpu",
    driver: "nvidia",
    uuid: ZERO_UUID,
    pciBusId: pci,
    serial: gpu.serial,
    driverVersion: gpu.driverVersion,
    memoryTotalBytes: gpu.memoryTotalMiB * MIB,
    memoryUsedBytes: gpu.memoryUsedMiB * MIB,
    memoryFreeBytes: gpu.memoryFreeMiB * MIB,
    utilizationPercent: gpu.utilizationGpu,
    memoryUtilizationPercent: gpu.utilizationMemory,
    temperatureCelsius: gpu.temperatureGpu,
    powerWatts: gpu.powerDraw,
    powerLimitWatts: gpu.enforcedPowerLimit,
    graphicsClockMHz: gpu.clockGraphics,
    graphicsClockMaxMHz: gpu.clockGraphicsMax,
    memoryClockMHz: gpu.clockMemory,
    memoryClockMaxMHz: gpu.clockMemoryMax,
    fanPercent: gpu.fanSpeed,
    performanceState: gpu.pstate,
    pcieGeneration: gpu.pcieGen,
    pcieWidth: gpu.pcieWidth,
    migMode: gpu.migMode,
    computeCapability: gpu.computeCap,
    name: gpu.name,
  };
}
