/**
 * AMD SMI struct layouts (x86_64), their shape per ABI generation, and the constants this
 * backend passes or compares. The structs changed in every ROCm minor release from 6.0 to 7.0,
 * so every read goes through the set of the generation that was loaded (see generation.ts);
 * the sets themselves, offset by offset, are layouts.ts.
 *
 * No real amdsmi.h is packaged here: test/backends/amdsmi/layout_test.ts checks every number
 * below against the figures in the project's reference notes and against our own ABI header
 * (test/fakes/amdsmi/amdsmi_abi.h), compiled once per generation.
 */

/** The layout generations: ROCm 6.0, 6.1, 6.2, 6.3, 6.4 and 7.x. */
export const GENERATIONS = ["A60", "A61", "A62", "A63", "A64", "A70"] as const;
export type Generation = (typeof GENERATIONS)[number];

/** `amdsmi_init_flags_t` AMDSMI_INIT_AMD_GPUS, passed as `uint64_t`. */
export const INIT_AMD_GPUS = 2n;

/** `processor_type_t` AMDSMI_PROCESSOR_TYPE_AMD_GPU. */
export const PROCESSOR_TYPE_AMD_GPU = 1;

/** `amdsmi_clk_type_t`. */
export const CLK_TYPE_GFX = 0;
export const CLK_TYPE_MEM = 4;

/** `amdsmi_temperature_type_t` (HOTSPOT is also called JUNCTION) and the CURRENT metric. */
export const TEMPERATURE_TYPE_EDGE = 0;
export const TEMPERATURE_TYPE_HOTSPOT = 1;
export const TEMPERATURE_TYPE_VRAM = 2;
export const TEMP_CURRENT = 0;

/** `amdsmi_memory_type_t`. */
export const MEM_TYPE_VRAM = 0;
export const MEM_TYPE_GTT = 2;

/** `AMDSMI_GPU_UUID_SIZE`: the UUID buffer must be at least this long on input. */
export const GPU_UUID_SIZE = 38;

/** Handles (`void*`) and the pid-only list's `amdsmi_process_handle_t` (`uint32_t`). */
export const HANDLE_SIZE = 8;
export const PROCESS_HANDLE_SIZE = 4;

/** `amdsmi_bdf_t`: one u64, the same in every generation. */
export const BDF = { size: 8 } as const;

/** `amdsmi_engine_usage_t`: percent; 0xFFFF when not available. */
export const ENGINE_USAGE = {
  size: 64,
  gfxActivity: 0,
  umcActivity: 4,
  mmActivity: 8,
} as const;

/** `amdsmi_vram_usage_t`: MiB. */
export const VRAM_USAGE = { size: 16, vramTotal: 0, vramUsed: 4 } as const;

/**
 * `amdsmi_error_count_t` (`amdsmi_get_gpu_total_ecc_count`): u64 counts since the driver
 * loaded, the same offsets in every generation; 32 bytes in 6.0 (`reserved[2]`), 64 from 6.1
 * (`deferred_count`, `reserved[5]`). ROCm/amdsmi include/amd_smi/amdsmi.h at rocm-6.0.0,
 * rocm-6.1.0, rocm-6.2.2; the 6.3–7.0.2 generated wrappers (py-interface amdsmi_wrapper.py).
 */
export const ERROR_COUNT = { size: 64, correctable: 0, uncorrectable: 8 } as const;

/**
 * `amdsmi_retired_page_record_t` (`amdsmi_get_gpu_bad_page_info`): `page_address` u64,
 * `page_size` u64, `status` (`amdsmi_memory_page_status_t`) at 16; 24 bytes with the tail
 * padding, the same from 6.0 to 7.x (same sources as ERROR_COUNT).
 */
export const RETIRED_PAGE = { size: 24, status: 16 } as const;

/** `amdsmi_memory_page_status_t`: reserved (retired), pending (at the next reset), failed. */
export const MEM_PAGE_STATUS_RESERVED = 0;
export const MEM_PAGE_STATUS_PENDING = 1;
export const MEM_PAGE_STATUS_UNRESERVABLE = 2;

/**
 * `amdsmi_pcie_info_t` (`amdsmi_get_pcie_info`, 6.1 and later; 6.0 has only
 * `amdsmi_get_pcie_link_status`/`_caps` over another struct, not read): `pcie_static` (96
 * bytes: `max_pcie_width` u16 @0, `max_pcie_speed` u32 @4), then `pcie_metric` (`pcie_width`
 * u16 @96, `pcie_speed` u32 @100, `pcie_replay_count` u64 @112), then `reserved[32]`: 512
 * bytes from 6.1 to 7.x (6.3 added `pcie_lc_perf_other_end_recovery_count` and 6.4
 * `max_pcie_interface_version` inside the reserved space; nothing we read moved). Speeds are
 * MT/s in every release: src/amd_smi/amd_smi.cc `amdsmi_get_pcie_info` (rocm-6.1.0,
 * amd-staging) writes sysfs `max_link_speed` × 1000 and maps the gpu_metrics speed to MT/s.
 */
export const PCIE_INFO = {
  size: 512,
  maxWidth: 0,
  maxSpeed: 4,
  width: 96,
  speed: 100,
  replayCount: 112,
} as const;

/** `amdsmi_version_t`: `build` is a `const char*` at 16 in both forms. */
export interface VersionLayout {
  size: number;
  year: number | null;
  major: number;
  minor: number;
  release: number;
  build: number;
}

/** `amdsmi_power_info_t`: socket powers in W, `power_limit` in W or µW (power_limit_unit.ts). */
export interface PowerLayout {
  size: number;
  /** u64, 6.4+: whichever of current/average is valid. */
  socketPower: number | null;
  currentSocketPower: number;
  averageSocketPower: number;
  powerLimit: number;
}

/** `amdsmi_clk_info_t`: MHz; the current clock is at 0 in every generation. */
export interface ClockLayout {
  size: number;
  clk: number;
  minClk: number;
  maxClk: number;
}

export interface DriverInfoLayout {
  size: number;
  driverVersion: number;
  driverName: number;
  /** Length of each `char[]` member. */
  stringLength: number;
}

export interface ProcInfoLayout {
  size: number;
  name: number;
  nameLength: number;
  pid: number;
  mem: number;
  engineGfx: number;
  engineEnc: number;
  gttMem: number;
  cpuMem: number;
  vramMem: number;
  containerName: number;
}

export interface AsicInfoLayout {
  size: number;
  marketName: number;
  marketNameLength: number;
  vendorId: number;
  deviceId: number;
  asicSerial: number;
  asicSerialLength: number;
}

export interface BoardInfoLayout {
  size: number;
  productName: number;
  productNameLength: number;
}

/** Everything that differs between generations. */
export interface LayoutSet {
  generation: Generation;
  /** What ROCm release this set is for, for `detail` and the README. */
  rocm: string;
  version: VersionLayout;
  power: PowerLayout;
  clock: ClockLayout;
  driverInfo: DriverInfoLayout;
  procInfo: ProcInfoLayout;
  asicInfo: AsicInfoLayout;
  boardInfo: BoardInfoLayout;
}

/**
 * Out-buffers are allocated at the largest size any generation writes (a library newer or
 * older than expected never writes past the end); fields are read at the loaded set's offsets.
 */
export const MAX_STRUCT_SIZE = {
  power: 192,
  asicInfo: 896,
  boardInfo: 1792,
  driverInfo: 768,
  procInfo: 704,
  version: 24,
} as const;

/** Upper bounds on counts a library reports; anything above is treated as garbage. */
export const MAX_SOCKETS = 256;
export const MAX_PROCESSORS_PER_SOCKET = 64;
export const MAX_PROCESSES = 65536;
/** Entries in the first process-list buffer; grown on OUT_OF_RESOURCES. */
export const FIRST_PROCESS_CAPACITY = 4;
