/**
 * AMD SMI struct layouts (x86_64), one set per ABI generation, and the constants this backend
 * passes or compares. The structs changed in every ROCm minor release from 6.0 to 7.0, so
 * every read goes through the set of the generation that was loaded (see generation.ts).
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

/** `amdsmi_version_t`: `build` is a `const char*` at 16 in both forms. */
export interface VersionLayout {
  size: number;
  year: number | null;
  major: number;
  minor: number;
  release: number;
  build: number;
}

/** `amdsmi_power_info_t`: socket powers in W, `power_limit` in µW. */
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

const VERSION_WITH_YEAR: VersionLayout = {
  size: 24,
  year: 0,
  major: 4,
  minor: 8,
  release: 12,
  build: 16,
};
const VERSION_NO_YEAR: VersionLayout = {
  size: 24,
  year: null,
  major: 0,
  minor: 4,
  release: 8,
  build: 16,
};

const POWER_6X: PowerLayout = {
  size: 68,
  socketPower: null,
  currentSocketPower: 0,
  averageSocketPower: 4,
  powerLimit: 20,
};
const POWER_64: PowerLayout = {
  size: 40,
  socketPower: 0,
  currentSocketPower: 8,
  averageSocketPower: 12,
  powerLimit: 28,
};
const POWER_70: PowerLayout = {
  size: 192,
  socketPower: 0,
  currentSocketPower: 8,
  averageSocketPower: 12,
  powerLimit: 40,
};

const CLOCK: ClockLayout = { size: 32, clk: 0, minClk: 4, maxClk: 8 };

const DRIVER_60: DriverInfoLayout = {
  size: 192,
  driverName: 0,
  driverVersion: 64,
  stringLength: 64,
};
const DRIVER_61: DriverInfoLayout = {
  size: 192,
  driverVersion: 0,
  driverName: 128,
  stringLength: 64,
};
const DRIVER_64: DriverInfoLayout = {
  size: 768,
  driverVersion: 0,
  driverName: 512,
  stringLength: 256,
};

const PROC_6X: ProcInfoLayout = {
  size: 224,
  name: 0,
  nameLength: 32,
  pid: 32,
  mem: 40,
  engineGfx: 48,
  engineEnc: 56,
  gttMem: 112,
  cpuMem: 120,
  vramMem: 128,
  containerName: 176,
};
const PROC_64: ProcInfoLayout = {
  size: 704,
  name: 0,
  nameLength: 256,
  pid: 256,
  mem: 264,
  engineGfx: 272,
  engineEnc: 280,
  gttMem: 336,
  cpuMem: 344,
  vramMem: 352,
  containerName: 400,
};

const ASIC_61: AsicInfoLayout = {
  size: 256,
  marketName: 0,
  marketNameLength: 64,
  vendorId: 64,
  deviceId: 136,
  asicSerial: 148,
  asicSerialLength: 32,
};
const ASIC_62: AsicInfoLayout = {
  size: 448,
  marketName: 0,
  marketNameLength: 256,
  vendorId: 256,
  deviceId: 328,
  asicSerial: 340,
  asicSerialLength: 32,
};
const ASIC_63: AsicInfoLayout = { ...ASIC_62, size: 456 };
const ASIC_64: AsicInfoLayout = {
  size: 896,
  marketName: 0,
  marketNameLength: 256,
  vendorId: 256,
  deviceId: 520,
  asicSerial: 532,
  asicSerialLength: 256,
};

const BOARD_60: BoardInfoLayout = { size: 257, productName: 129, productNameLength: 128 };
const BOARD_61: BoardInfoLayout = { size: 384, productName: 96, productNameLength: 128 };
const BOARD_62: BoardInfoLayout = { size: 768, productName: 320, productNameLength: 256 };
const BOARD_64: BoardInfoLayout = { size: 1536, productName: 768, productNameLength: 256 };
const BOARD_70: BoardInfoLayout = { size: 1792, productName: 768, productNameLength: 256 };

/** The layout set of each generation. */
export const LAYOUTS: Readonly<Record<Generation, LayoutSet>> = {
  A60: {
    generation: "A60",
    rocm: "6.0",
    version: VERSION_WITH_YEAR,
    power: POWER_6X,
    clock: CLOCK,
    driverInfo: DRIVER_60,
    procInfo: PROC_6X,
    asicInfo: ASIC_61,
    boardInfo: BOARD_60,
  },
  A61: {
    generation: "A61",
    rocm: "6.1",
    version: VERSION_WITH_YEAR,
    power: POWER_6X,
    clock: CLOCK,
    driverInfo: DRIVER_61,
    procInfo: PROC_6X,
    asicInfo: ASIC_61,
    boardInfo: BOARD_61,
  },
  A62: {
    generation: "A62",
    rocm: "6.2",
    version: VERSION_WITH_YEAR,
    power: POWER_6X,
    clock: CLOCK,
    driverInfo: DRIVER_61,
    procInfo: PROC_6X,
    asicInfo: ASIC_62,
    boardInfo: BOARD_62,
  },
  A63: {
    generation: "A63",
    rocm: "6.3",
    version: VERSION_WITH_YEAR,
    power: POWER_6X,
    clock: CLOCK,
    driverInfo: DRIVER_61,
    procInfo: PROC_6X,
    asicInfo: ASIC_63,
    boardInfo: BOARD_62,
  },
  A64: {
    generation: "A64",
    rocm: "6.4",
    version: VERSION_WITH_YEAR,
    power: POWER_64,
    clock: CLOCK,
    driverInfo: DRIVER_64,
    procInfo: PROC_64,
    asicInfo: ASIC_64,
    boardInfo: BOARD_64,
  },
  A70: {
    generation: "A70",
    rocm: "7.x",
    version: VERSION_NO_YEAR,
    power: POWER_70,
    clock: CLOCK,
    driverInfo: DRIVER_64,
    procInfo: PROC_64,
    asicInfo: ASIC_64,
    boardInfo: BOARD_70,
  },
};

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
