/**
 * Data table: the AMD SMI struct layouts (x86_64) of each ABI generation, offset by offset.
 * The shapes are types.ts; test/backends/amdsmi/layout_test.ts checks every number here
 * against the project's reference notes and against our own ABI header, compiled once per
 * generation.
 */
import type {
  AsicInfoLayout,
  BoardInfoLayout,
  ClockLayout,
  DriverInfoLayout,
  Generation,
  LayoutSet,
  PowerLayout,
  ProcInfoLayout,
  VersionLayout,
} from "./types.ts";

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
