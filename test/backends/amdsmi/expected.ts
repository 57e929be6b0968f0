/**
 * What the backend must report for the fake's scenarios, worked by hand from the numbers in
 * test/fakes/amdsmi/fake_amdsmi.c (restated here, never taken from the code under test).
 */
import type { DeviceReading, ProcessReading } from "../../../src/model/types.ts";

const MIB = 1048576;

/** The fake's energy resolution is the C float 15.259f: 15.258999824523926 µJ per count. */
const RESOLUTION_UJ = Math.fround(15.259);

/**
 * The fake's healthy MI300X: ECC on (block mask 0x7), no error, no bad page, the link x16 at
 * 32000 MT/s (Gen 5) of x16 at 32000 MT/s, no replay. AMD SMI has no lifetime ECC count.
 */
export const MI300_HEALTHY: Partial<DeviceReading> = {
  pcieGeneration: 5,
  pcieWidth: 16,
  pcieGenerationMax: 5,
  pcieWidthMax: 16,
  pcieReplayCount: 0,
  eccEnabled: true,
  eccErrors: {
    volatileCorrected: 0,
    volatileUncorrected: 0,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  },
  retiredPages: 0,
  retirementPending: false,
  retirementFailed: false,
};

/**
 * mi300-sick's GPU 1: 5 corrected and 2 uncorrected ECC errors; bad pages 3 reserved (retired),
 * 1 pending, 1 unreservable (failed); the link x8 of x16 (both 32000 MT/s, Gen 5); 12 replays.
 */
export const MI300_SICK: Partial<DeviceReading> = {
  ...MI300_HEALTHY,
  pcieWidth: 8,
  pcieReplayCount: 12,
  eccErrors: {
    volatileCorrected: 5,
    volatileUncorrected: 2,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  },
  retiredPages: 3,
  retirementPending: true,
  retirementFailed: true,
};

export const MI300_GPU0_ID = "0000:03:00.0";
/** bdf domain 1, bus 0x83, device 0, function 0. */
export const MI300_GPU1_ID = "0001:83:00.0";
export const RADEON_ID = "0000:03:00.0";

export const MI300_GPU0: DeviceReading = {
  localId: MI300_GPU0_ID,
  vendor: "amd",
  deviceClass: "gpu",
  name: "AMD Instinct MI300X",
  uuid: "5cff74a1-0000-1000-8000-1f2e3d4c5b6a",
  serial: "692325000101",
  pciBusId: MI300_GPU0_ID,
  driver: "amdgpu",
  driverVersion: "6.10.5",
  memoryTotalBytes: 205822885888, // 196288 MiB × 1048576 (the capture's 191.7 GiB)
  memoryUsedBytes: 3221225472, // 3072 MiB (3.0 GiB)
  memoryFreeBytes: 202601660416, // 205822885888 − 3221225472
  gttTotalBytes: 1082331758592,
  gttUsedBytes: 16777216,
  utilizationPercent: 97, // GFX% 97
  memoryUtilizationPercent: 1, // MEM% 1 (umc_activity)
  engines: { gfx: 97 }, // mm_activity is N/A (0xFFFF / 0xFFFFFFFF)
  temperaturesCelsius: { junction: 49, mem: 43 }, // no edge sensor on MI300
  temperatureCelsius: 49, // edge absent → junction
  powerWatts: 305, // current_socket_power (average is N/A on MI300)
  powerLimitWatts: 750, // 750000000 µW / 1e6
  energyJoules: (1e9 * RESOLUTION_UJ) / 1e6, // 1e9 counts × 15.259 µJ ≈ 15259 J
  graphicsClockMHz: 2106,
  memoryClockMHz: 1300,
  ...MI300_HEALTHY,
  error: null,
};

export const MI300_GPU1: DeviceReading = {
  ...MI300_GPU0,
  localId: MI300_GPU1_ID,
  pciBusId: MI300_GPU1_ID,
  uuid: "a4ff74a1-0000-1000-8000-6a5b4c3d2e1f",
  serial: "692325000102",
  memoryUsedBytes: 3328180224, // 3174 MiB × 1048576
  memoryFreeBytes: 202494705664, // 205822885888 − 3328180224
  gttUsedBytes: 0,
  utilizationPercent: 96,
  memoryUtilizationPercent: 0,
  engines: { gfx: 96 },
  powerWatts: 293,
  energyJoules: (2e9 * RESOLUTION_UJ) / 1e6,
};

export const RADEON: DeviceReading = {
  localId: RADEON_ID,
  vendor: "amd",
  deviceClass: "gpu",
  name: "AMD Radeon RX 7900 XTX",
  uuid: "1eff744c-0000-1000-8000-0a0b0c0d0e0f",
  serial: null, // empty asic_serial
  pciBusId: RADEON_ID,
  driver: "amdgpu",
  driverVersion: "6.8.0-49-generic",
  // Byte calls NOT_SUPPORTED: amdsmi_get_gpu_vram_usage in MiB
  memoryTotalBytes: 24560 * MIB, // 25753026560
  memoryUsedBytes: 1130 * MIB, // 1184890880
  memoryFreeBytes: (24560 - 1130) * MIB, // 24568135680
  gttTotalBytes: null,
  gttUsedBytes: null,
  utilizationPercent: 12,
  memoryUtilizationPercent: 3,
  engines: { gfx: 12 },
  temperaturesCelsius: { edge: 49, junction: 58, mem: 62 },
  temperatureCelsius: 49,
  powerWatts: 11, // average_socket_power (the power capture's SOCKET_POWER 11 W)
  powerLimitWatts: 327, // 327000000 µW
  energyJoules: (123456789 * RESOLUTION_UJ) / 1e6, // ≈ 1883.8 J
  graphicsClockMHz: 500,
  memoryClockMHz: 96,
  // No RAS on a desktop board: ECC and bad pages NOT_SUPPORTED. The link idles at 2500 MT/s
  // (Gen 1) of 16000 MT/s (Gen 4), x16 of x16, no replay.
  pcieGeneration: 1,
  pcieWidth: 16,
  pcieGenerationMax: 4,
  pcieWidthMax: 16,
  pcieReplayCount: 0,
  eccEnabled: null,
  eccErrors: null,
  retiredPages: null,
  retirementPending: null,
  retirementFailed: null,
  error: null,
};

function process(
  deviceLocalId: string,
  pid: number,
  name: string | null,
  vram: number,
  gtt: number,
  cpu: number,
): ProcessReading {
  return {
    pid,
    deviceLocalId,
    name,
    gpuMemoryBytes: vram,
    memoryByRegion: { vram, gtt, cpu },
    engines: null, // first reading: no previous engine counters
    type: "compute",
    perProcess: true,
  };
}

/** By pid within each GPU: six on GPU 0 (more than the first buffer of four), one on GPU 1. */
export const MI300_PROCESSES: ProcessReading[] = [
  process(MI300_GPU0_ID, 2001, "glxgears", 557494272, 23068672, 0), // 544428 KiB, 22 MiB
  process(MI300_GPU0_ID, 3101, "pt_main_thread", 8589934592, 33554432, 0), // 8 GiB, 32 MiB
  process(MI300_GPU0_ID, 3102, "python3", 268435456, 0, 0), // 256 MiB
  process(MI300_GPU0_ID, 420157, "TransferBench", 4294967296, 2097152, 0), // 4 GiB, 2 MiB
  process(MI300_GPU0_ID, 420315, "rvs", 1073741824, 0, 4096), // 1 GiB
  process(MI300_GPU0_ID, 2266127, null, 2040528896, 0, 0), // 1946 MiB; empty name → null
  process(MI300_GPU1_ID, 3101, "pt_main_thread", 1073741824, 0, 0),
];

/** Five on the one GPU, more than the first buffer of four. */
export const RADEON_PROCESSES: ProcessReading[] = [
  process(RADEON_ID, 2001, "glxgears", 557494272, 23068672, 0),
  process(RADEON_ID, 2217, "glxgears", 2117632, 0, 0), // 2068 KiB
  process(RADEON_ID, 5001, "blender", 3221225472, 67108864, 0), // 3 GiB, 64 MiB
  process(RADEON_ID, 5002, "ollama_llama_server", 8053063680, 0, 0), // 7.5 GiB
  process(RADEON_ID, 5003, "hashcat", 1048576, 0, 0),
];
