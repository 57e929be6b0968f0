/**
 * AMD SMI struct layouts, one generation at a time. No real amdsmi.h exists on this machine
 * (Debian does not package it), so the thing checked against the published figures is OUR
 * OWN ABI header, test/fakes/amdsmi/amdsmi_abi.h, which the fake library is built from:
 *
 * 1. REFERENCE below restates, by hand, the sizes and offsets of the project's reference
 *    notes (AMD SMI §1.5: ctypes wrappers generated from each release's header, cross-checked
 *    with gcc). The header compiled for each generation must print exactly these.
 * 2. src/backends/amdsmi/types.ts and layouts.ts must agree with the same probe, field by field.
 *
 * 3. Where the vendor's amdsmi.h is installed (_vendor_header.ts), the same probe compiled
 *    against it must print what our header prints for the generation it declares. None is
 *    installed here or in CI, so that test is skipped with the reason; run against the
 *    headers of ROCm/amdsmi at rocm-6.0.0, 6.1.0, 6.1.2, 6.2.0, 6.2.2, amd-staging and
 *    amd-mainline (24.7.0) via GPUTOP_AMDSMI_INCLUDE, it passed for each, the health structs
 *    (error count, retired page, PCIe info) included.
 *
 * A mistake in the reference notes themselves cannot be caught here; only a run against a
 * real libamd_smi could.
 */
import assert from "node:assert/strict";
import {
  BDF,
  ENGINE_USAGE,
  ERROR_COUNT,
  type Generation,
  GENERATIONS,
  HANDLE_SIZE,
  MAX_STRUCT_SIZE,
  MEM_PAGE_STATUS_PENDING,
  MEM_PAGE_STATUS_RESERVED,
  MEM_PAGE_STATUS_UNRESERVABLE,
  PCIE_INFO,
  PROCESS_HANDLE_SIZE,
  RETIRED_PAGE,
  VRAM_USAGE,
} from "../../../src/backends/amdsmi/types.ts";
import { LAYOUTS } from "../../../src/backends/amdsmi/layouts.ts";
import { FAKE_AMDSMI_DIR, fakeAmdsmiUnavailableReason } from "../../fakes/amdsmi/build_fake.ts";
import { compileAndRunProbe, probeLines } from "../../fakes/c_library.ts";
import { findVendorHeader, vendorCompileSkip } from "./_vendor_header.ts";

const ABI_NUMBER: Record<Generation, number> = {
  A60: 60,
  A61: 61,
  A62: 62,
  A63: 63,
  A64: 64,
  A70: 70,
};

/** Same in every generation (reference §1.5). */
const COMMON: Record<string, number> = {
  "handle.size": 8,
  "processHandle.size": 4,
  "status.size": 4,
  "bdf.size": 8,
  "version.size": 24,
  "version.build": 16,
  "engineUsage.size": 64,
  "engineUsage.gfxActivity": 0,
  "engineUsage.umcActivity": 4,
  "engineUsage.mmActivity": 8,
  "vramUsage.size": 16,
  "vramUsage.vramTotal": 0,
  "vramUsage.vramUsed": 4,
  "clock.size": 32,
  "clock.clk": 0,
  "clock.minClk": 4,
  "clock.maxClk": 8,
  // domain 0x1234, bus 0xc1, device 0x1f, function 5 → 0x1234c1fd (reference §1.5)
  "const.bdfExample": 0x1234c1fd,
};

const VERSION_YEAR = {
  "version.year": 0,
  "version.major": 4,
  "version.minor": 8,
  "version.release": 12,
};
const POWER_6X = {
  "power.size": 68,
  "power.currentSocketPower": 0,
  "power.averageSocketPower": 4,
  "power.gfxVoltage": 8,
  "power.powerLimit": 20,
};
const PROC_6X = {
  "procInfo.size": 224,
  "procInfo.name": 0,
  "procInfo.nameLength": 32,
  "procInfo.pid": 32,
  "procInfo.mem": 40,
  "procInfo.engineGfx": 48,
  "procInfo.engineEnc": 56,
  "procInfo.gttMem": 112,
  "procInfo.cpuMem": 120,
  "procInfo.vramMem": 128,
  "procInfo.containerName": 176,
};
const PROC_64 = {
  "procInfo.size": 704,
  "procInfo.name": 0,
  "procInfo.nameLength": 256,
  "procInfo.pid": 256,
  "procInfo.mem": 264,
  "procInfo.engineGfx": 272,
  "procInfo.engineEnc": 280,
  "procInfo.gttMem": 336,
  "procInfo.cpuMem": 344,
  "procInfo.vramMem": 352,
  "procInfo.containerName": 400,
  "procInfo.cuOccupancy": 656,
};
const DRIVER_61 = {
  "driverInfo.size": 192,
  "driverInfo.driverVersion": 0,
  "driverInfo.driverDate": 64,
  "driverInfo.driverName": 128,
  "driverInfo.stringLength": 64,
};
const DRIVER_64 = {
  "driverInfo.size": 768,
  "driverInfo.driverVersion": 0,
  "driverInfo.driverDate": 256,
  "driverInfo.driverName": 512,
  "driverInfo.stringLength": 256,
};
const ASIC_61 = {
  "asicInfo.size": 256,
  "asicInfo.marketName": 0,
  "asicInfo.marketNameLength": 64,
  "asicInfo.vendorId": 64,
  "asicInfo.vendorName": 68,
  "asicInfo.subvendorId": 132,
  "asicInfo.deviceId": 136,
  "asicInfo.revId": 144,
  "asicInfo.asicSerial": 148,
  "asicInfo.asicSerialLength": 32,
  "asicInfo.oamId": 180,
};
const ASIC_62 = {
  "asicInfo.size": 448,
  "asicInfo.marketName": 0,
  "asicInfo.marketNameLength": 256,
  "asicInfo.vendorId": 256,
  "asicInfo.vendorName": 260,
  "asicInfo.subvendorId": 324,
  "asicInfo.deviceId": 328,
  "asicInfo.revId": 336,
  "asicInfo.asicSerial": 340,
  "asicInfo.asicSerialLength": 32,
  "asicInfo.oamId": 372,
};
const ASIC_64 = {
  "asicInfo.size": 896,
  "asicInfo.marketName": 0,
  "asicInfo.marketNameLength": 256,
  "asicInfo.vendorId": 256,
  "asicInfo.vendorName": 260,
  "asicInfo.subvendorId": 516,
  "asicInfo.deviceId": 520,
  "asicInfo.revId": 528,
  "asicInfo.asicSerial": 532,
  "asicInfo.asicSerialLength": 256,
  "asicInfo.oamId": 788,
  "asicInfo.numOfComputeUnits": 792,
  "asicInfo.targetGraphicsVersion": 800,
};
const BOARD_62 = {
  "boardInfo.size": 768,
  "boardInfo.modelNumber": 0,
  "boardInfo.productSerial": 256,
  "boardInfo.fruId": 288,
  "boardInfo.productName": 320,
  "boardInfo.productNameLength": 256,
  "boardInfo.manufacturerName": 576,
};
const BOARD_64 = {
  "boardInfo.size": 1536,
  "boardInfo.modelNumber": 0,
  "boardInfo.productSerial": 256,
  "boardInfo.fruId": 512,
  "boardInfo.productName": 768,
  "boardInfo.productNameLength": 256,
  "boardInfo.manufacturerName": 1024,
};

/**
 * Health structs, typed by hand from ROCm/amdsmi include/amd_smi/amdsmi.h (rocm-6.0.0,
 * rocm-6.1.0, rocm-6.2.2, amd-staging) and the generated wrappers of 6.3.0 to 7.0.2
 * (py-interface/amdsmi/amdsmi_wrapper.py, explicit padding): amdsmi_error_count_t is 32
 * bytes in 6.0 and 64 from 6.1; amdsmi_retired_page_record_t 24 everywhere;
 * amdsmi_pcie_info_t (6.1+) 512, its pcie_metric at 96.
 */
const HEALTH_60 = {
  "errorCount.size": 32,
  "errorCount.correctable": 0,
  "errorCount.uncorrectable": 8,
  "retiredPage.size": 24,
  "retiredPage.status": 16,
  "const.pageReserved": 0,
  "const.pagePending": 1,
  "const.pageUnreservable": 2,
};
const HEALTH_61 = {
  ...HEALTH_60,
  "errorCount.size": 64,
  "pcieInfo.size": 512,
  "pcieInfo.maxWidth": 0,
  "pcieInfo.maxWidthBytes": 2,
  "pcieInfo.maxSpeed": 4,
  "pcieInfo.width": 96,
  "pcieInfo.widthBytes": 2,
  "pcieInfo.speed": 100,
  "pcieInfo.replayCount": 112,
};

/** The reference notes' figures, per generation, typed from the tables by hand. */
const REFERENCE: Record<Generation, Record<string, number>> = {
  A60: {
    ...COMMON,
    ...HEALTH_60,
    ...VERSION_YEAR,
    ...POWER_6X,
    ...PROC_6X,
    ...ASIC_61,
    "clock.sleepClk": 12,
    "driverInfo.size": 192,
    "driverInfo.driverName": 0,
    "driverInfo.driverVersion": 64,
    "driverInfo.driverDate": 128,
    "driverInfo.stringLength": 64,
    "boardInfo.size": 257,
    "boardInfo.modelNumber": 1,
    "boardInfo.productSerial": 33,
    "boardInfo.fruId": 65,
    "boardInfo.manufacturerName": 97,
    "boardInfo.productName": 129,
    "boardInfo.productNameLength": 128,
  },
  A61: {
    ...COMMON,
    ...HEALTH_61,
    ...VERSION_YEAR,
    ...POWER_6X,
    ...PROC_6X,
    ...ASIC_61,
    ...DRIVER_61,
    "clock.sleepClk": 12,
    "boardInfo.size": 384,
    "boardInfo.modelNumber": 0,
    "boardInfo.productSerial": 32,
    "boardInfo.fruId": 64,
    "boardInfo.productName": 96,
    "boardInfo.productNameLength": 128,
    "boardInfo.manufacturerName": 224,
  },
  A62: {
    ...COMMON,
    ...HEALTH_61,
    ...VERSION_YEAR,
    ...POWER_6X,
    ...PROC_6X,
    ...ASIC_62,
    ...DRIVER_61,
    ...BOARD_62,
    "clock.clkLocked": 12,
  },
  A63: {
    ...COMMON,
    ...HEALTH_61,
    ...VERSION_YEAR,
    ...POWER_6X,
    ...PROC_6X,
    ...ASIC_62,
    ...DRIVER_61,
    ...BOARD_62,
    "clock.clkLocked": 12,
    "asicInfo.size": 456,
    "asicInfo.numOfComputeUnits": 376,
    "asicInfo.targetGraphicsVersion": 384,
  },
  A64: {
    ...COMMON,
    ...HEALTH_61,
    ...VERSION_YEAR,
    ...PROC_64,
    ...ASIC_64,
    ...DRIVER_64,
    ...BOARD_64,
    "clock.clkLocked": 12,
    "power.size": 40,
    "power.socketPower": 0,
    "power.currentSocketPower": 8,
    "power.averageSocketPower": 12,
    "power.gfxVoltage": 16,
    "power.powerLimit": 28,
  },
  A70: {
    ...COMMON,
    ...HEALTH_61,
    ...PROC_64,
    ...ASIC_64,
    ...DRIVER_64,
    ...BOARD_64,
    "version.major": 0,
    "version.minor": 4,
    "version.release": 8,
    "clock.clkLocked": 12,
    "power.size": 192,
    "power.socketPower": 0,
    "power.currentSocketPower": 8,
    "power.averageSocketPower": 12,
    "power.gfxVoltage": 16,
    "power.powerLimit": 40,
    "procInfo.sdmaUsage": 664,
    "asicInfo.subsystemId": 808,
    "boardInfo.size": 1792,
  },
};

/** types.ts, flattened to the probe's keys (null offsets: the field does not exist). */
function typescriptLayout(generation: Generation): Map<string, number> {
  const set = LAYOUTS[generation];
  const flat = new Map<string, number>();
  const sections = {
    version: set.version,
    power: set.power,
    clock: set.clock,
    driverInfo: set.driverInfo,
    procInfo: set.procInfo,
    asicInfo: set.asicInfo,
    boardInfo: set.boardInfo,
    engineUsage: ENGINE_USAGE,
    vramUsage: VRAM_USAGE,
    bdf: BDF,
    errorCount: { correctable: ERROR_COUNT.correctable, uncorrectable: ERROR_COUNT.uncorrectable },
    retiredPage: RETIRED_PAGE,
    ...(generation === "A60" ? {} : { pcieInfo: PCIE_INFO }),
  };
  for (const [section, layout] of Object.entries(sections)) {
    for (const [field, value] of Object.entries(layout)) {
      if (value !== null) flat.set(`${section}.${field}`, value);
    }
  }
  flat.set("handle.size", HANDLE_SIZE);
  flat.set("processHandle.size", PROCESS_HANDLE_SIZE);
  flat.set("const.pageReserved", MEM_PAGE_STATUS_RESERVED);
  flat.set("const.pagePending", MEM_PAGE_STATUS_PENDING);
  flat.set("const.pageUnreservable", MEM_PAGE_STATUS_UNRESERVABLE);
  return flat;
}

/** The probe for `generation`, against our header, or the vendor's in `vendorInclude`. */
async function probe(generation: Generation, vendorInclude?: string): Promise<Map<string, number>> {
  const header = vendorInclude === undefined
    ? ["-I", FAKE_AMDSMI_DIR]
    : ["-DPROBE_VENDOR_HEADER", "-I", vendorInclude];
  const text = await compileAndRunProbe(
    [`-DGPUTOP_AMDSMI_ABI=${ABI_NUMBER[generation]}`, ...header],
    `${FAKE_AMDSMI_DIR}/layout_probe.c`,
  );
  return new Map(probeLines(text).map(([key, value]) => [key, Number(value)]));
}

const ccMissing = fakeAmdsmiUnavailableReason();

for (const generation of GENERATIONS) {
  Deno.test({
    name: `${generation}: our amdsmi_abi.h matches the reference figures, and types.ts matches it` +
      (ccMissing === null ? "" : ` (skipped: ${ccMissing})`),
    ignore: ccMissing !== null,
    async fn() {
      const probed = await probe(generation);
      // 1. Header against the reference notes: every figure, and nothing unreviewed.
      assert.deepEqual(
        Object.fromEntries([...probed].sort()),
        Object.fromEntries(Object.entries(REFERENCE[generation]).sort()),
      );
      // 2. types.ts against the header.
      for (const [key, value] of typescriptLayout(generation)) {
        assert.equal(probed.get(key), value, `${generation} ${key}: types.ts says ${value}`);
      }
    },
  });
}

const vendor = findVendorHeader();
const vendorSkip = vendorCompileSkip(vendor);

Deno.test({
  name: vendor.ok
    ? `${vendor.generation}: the vendor's ${vendor.path} lays out every struct as amdsmi_abi.h` +
      (vendorSkip === null ? "" : ` (skipped: ${vendorSkip})`)
    : `the vendor's amdsmi.h lays out every struct as amdsmi_abi.h (skipped: ${vendorSkip})`,
  ignore: vendorSkip !== null,
  async fn() {
    if (!vendor.ok) return;
    const [ours, theirs] = await Promise.all([
      probe(vendor.generation),
      probe(vendor.generation, vendor.includeDir),
    ]);
    assert.deepEqual(
      Object.fromEntries([...theirs].sort()),
      Object.fromEntries([...ours].sort()),
    );
  },
});

Deno.test("out-buffers are at least as large as every generation's struct", () => {
  for (const generation of GENERATIONS) {
    const set = LAYOUTS[generation];
    assert.ok(set.power.size <= MAX_STRUCT_SIZE.power, generation);
    assert.ok(set.asicInfo.size <= MAX_STRUCT_SIZE.asicInfo, generation);
    assert.ok(set.boardInfo.size <= MAX_STRUCT_SIZE.boardInfo, generation);
    assert.ok(set.driverInfo.size <= MAX_STRUCT_SIZE.driverInfo, generation);
    assert.ok(set.version.size <= MAX_STRUCT_SIZE.version, generation);
    assert.ok(set.procInfo.size <= MAX_STRUCT_SIZE.procInfo, generation);
  }
  // The health buffers: the largest of any generation (64 and 512 bytes, HEALTH_61).
  assert.ok(ERROR_COUNT.size >= 64 && PCIE_INFO.size >= 512);
});
