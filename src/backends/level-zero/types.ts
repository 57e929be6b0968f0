/**
 * Level Zero struct layouts (x86_64 / aarch64 LP64) as byte offsets, and the enum values
 * this backend passes or compares. `test/backends/level-zero/layout_test.ts` checks every
 * number here against our ze_abi.h and the vendor's ze_api.h / zes_api.h. `ze_bool_t` is
 * one byte; every enum is four.
 */

/** `stype` values: Sysman's `zes_structure_type_t`, and the core device properties. */
export const STYPE = {
  coreDeviceProperties: 0x3,
  deviceProperties: 0x1,
  pciProperties: 0x2,
  engineProperties: 0x5,
  freqProperties: 0x9,
  memProperties: 0xb,
  tempProperties: 0x14,
  processState: 0x16,
  freqState: 0x1b,
  memState: 0x1e,
  rasProperties: 0xf,
  pciState: 0x17,
  rasState: 0x22,
} as const;

/** Every `[in,out]` struct starts with these two members. */
export const HEADER = { stype: 0, pNext: 8 } as const;

export const DEVICE_UUID_SIZE = 16;
export const DEVICE_NAME_SIZE = 256;
export const STRING_PROPERTY_SIZE = 64;
export const DEVICE_PROPERTY_FLAG_INTEGRATED = 1;

/** `zes_device_properties_t`, with the embedded `ze_device_properties_t` at `core`. */
export const DEVICE_PROPERTIES = {
  size: 776,
  core: 16,
  coreStype: 16,
  corePNext: 24,
  vendorId: 36,
  deviceId: 40,
  flags: 44,
  uuid: 112,
  name: 128,
  numSubdevices: 384,
  serialNumber: 388,
  modelName: 580,
  driverVersion: 708,
} as const;

/** `zes_pci_properties_t`: the address members are u32. */
export const PCI_PROPERTIES = {
  size: 56,
  domain: 16,
  bus: 20,
  device: 24,
  function: 28,
  maxSpeedGen: 32,
  maxSpeedWidth: 36,
  haveReplayCounters: 50,
} as const;

/** `zes_pci_state_t`: the link's current speed (gen and width −1 when unknown). */
export const PCI_STATE = { size: 48, speedGen: 32, speedWidth: 36 } as const;
/** `zes_pci_stats_t` (no stype): replayCounter u64, valid when haveReplayCounters. */
export const PCI_STATS = { size: 56, replayCounter: 8 } as const;

/** `zes_ras_properties_t`. */
export const RAS_PROPERTIES = { size: 32, type: 16, onSubdevice: 20 } as const;
/** `zes_ras_state_t`: one u64 count per `zes_ras_error_cat_t`. */
export const RAS_STATE = { size: 72, category: 16, categoryCount: 7 } as const;
export const RasErrorType = { CORRECTABLE: 0, UNCORRECTABLE: 1 } as const;

export const MEM_PROPERTIES = { size: 48, location: 28, physicalSize: 32 } as const;
export const MEM_STATE = { size: 40, health: 16, free: 24, total: 32 } as const;
/** `zes_mem_health_t` values that matter: the rest are UNKNOWN 0, OK 1, DEGRADED 2. */
export const MemHealth = { UNKNOWN: 0, CRITICAL: 3, REPLACE: 4 } as const;
export const MEM_LOC_DEVICE = 1;

export const ENGINE_PROPERTIES = { size: 32, type: 16, onSubdevice: 20, subdeviceId: 24 } as const;
/** `zes_engine_stats_t` (no stype): both u64 microseconds. */
export const ENGINE_STATS = { size: 16, activeTime: 0, timestamp: 8 } as const;

/** `zes_engine_group_t` values. */
export const EngineGroup = {
  ALL: 0,
  COMPUTE_ALL: 1,
  MEDIA_ALL: 2,
  COPY_ALL: 3,
  RENDER_ALL: 12,
  RENDER_COMPUTE_ALL: 11,
  THREE_D_ALL: 13,
} as const;

/** `zes_engine_type_flag_t` bits in a process's engine set. */
export const EngineTypeFlag = {
  OTHER: 1,
  COMPUTE: 2,
  THREE_D: 4,
  MEDIA: 8,
  DMA: 16,
  RENDER: 32,
} as const;

export const FREQ_PROPERTIES = { size: 48, type: 16, onSubdevice: 20, min: 32, max: 40 } as const;
export const FREQ_STATE = { size: 64, actual: 48, throttleReasons: 56 } as const;
/** `zes_freq_throttle_reason_flag_t` bits. */
export const ThrottleReason = {
  AVE_PWR_CAP: 1,
  BURST_PWR_CAP: 2,
  CURRENT_LIMIT: 4,
  THERMAL_LIMIT: 8,
  PSU_ALERT: 16,
  SW_RANGE: 32,
  HW_RANGE: 64,
} as const;
export const FreqDomain = { GPU: 0, MEMORY: 1 } as const;

export const TEMP_PROPERTIES = { size: 48, type: 16, onSubdevice: 20 } as const;
export const TempSensor = { GLOBAL: 0, GPU: 1, MEMORY: 2 } as const;

/** `zes_power_sustained_limit_t` (no stype): power in mW. */
export const POWER_SUSTAINED_LIMIT = { size: 12, enabled: 0, power: 4 } as const;
/** `zes_power_energy_counter_t` (no stype): energy µJ, timestamp µs. */
export const POWER_ENERGY_COUNTER = { size: 16, energy: 0, timestamp: 8 } as const;

/** `zes_process_state_t`, also the array stride. */
export const PROCESS_STATE = {
  size: 48,
  processId: 16,
  memSize: 24,
  sharedSize: 32,
  engines: 40,
} as const;

/** `zel_component_version_t` (loader/ze_loader.h): one loader component's version. */
export const COMPONENT_VERSION = {
  size: 80,
  name: 0,
  nameLength: 64,
  specVersion: 64,
  major: 68,
  minor: 72,
  patch: 76,
} as const;

/** `ze_api_version_t` as major << 16 | minor. */
export function apiVersionText(version: number): string {
  return `${version >>> 16}.${version & 0xffff}`;
}
