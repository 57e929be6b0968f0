/**
 * The struct layouts and constants in src/backends/nvml/types.ts, checked with sizeof /
 * offsetof: against our own ABI header (which the fake library is built from) and, where
 * it is installed, against the vendor's nvml.h (Debian: libnvidia-ml-dev).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { NvmlReturn } from "../../../src/backends/nvml/return_codes.ts";
import {
  CLOCK_GRAPHICS,
  CLOCK_MEM,
  DEVICE_ARCHITECTURES,
  DEVICE_MIG_ENABLE,
  DEVICE_NAME_V2_BUFFER_SIZE,
  DEVICE_SERIAL_BUFFER_SIZE,
  DEVICE_UUID_V2_BUFFER_SIZE,
  EVENT_DATA,
  EVENT_TYPE_XID_CRITICAL_ERROR,
  MEMORY_V1,
  MEMORY_V2,
  MEMORY_V2_VERSION,
  PCI_BUS_ID_LEGACY_LENGTH,
  PCI_BUS_ID_LENGTH,
  PCI_INFO,
  PROCESS_INFO_V1,
  PROCESS_INFO_V2,
  PROCESS_INFO_V3_WIDE,
  PROCESS_UTILIZATION_SAMPLE,
  PSTATE_MAX,
  PSTATE_UNKNOWN,
  SYSTEM_DRIVER_VERSION_BUFFER_SIZE,
  SYSTEM_NVML_VERSION_BUFFER_SIZE,
  TEMPERATURE_GPU,
  UTILIZATION,
  VALUE_NOT_AVAILABLE_U32,
  VALUE_NOT_AVAILABLE_U64,
} from "../../../src/backends/nvml/types.ts";
import { FAKE_NVML_DIR, fakeNvmlUnavailableReason } from "../../fakes/nvml/build_fake_nvml.ts";
import { CLOCK_REASON_BITS } from "../../../src/backends/nvml/clock_event_reasons.ts";
import {
  ECC_COUNTER_AGGREGATE,
  ECC_COUNTER_VOLATILE,
  FEATURE_ENABLED,
  MEMORY_ERROR_CORRECTED,
  MEMORY_ERROR_UNCORRECTED,
  RETIREMENT_CAUSES,
} from "../../../src/backends/nvml/health_calls.ts";
import { compileAndRunProbe, probeLines } from "../../fakes/c_library.ts";

/** Where nvml.h may be; the first that exists is used. */
const VENDOR_INCLUDE_DIRS = ["/usr/include", "/usr/local/cuda/include"];
const vendorIncludeDir = VENDOR_INCLUDE_DIRS.find((dir) => existsSync(`${dir}/nvml.h`)) ?? null;

/** Structs only our header has (not in the 11.8 nvml.h). */
const OURS_ONLY = "gputopProcessInfoWide_t.";

/** TypeScript layout objects by C struct name: every key is `size` or a field offset. */
const STRUCTS: Record<string, Record<string, number>> = {
  "nvmlPciInfo_t": PCI_INFO,
  "nvmlMemory_t": MEMORY_V1,
  "nvmlMemory_v2_t": MEMORY_V2,
  "nvmlUtilization_t": UTILIZATION,
  "nvmlProcessInfo_v1_t": PROCESS_INFO_V1,
  "nvmlProcessInfo_v2_t": PROCESS_INFO_V2,
  "nvmlProcessInfo_t": PROCESS_INFO_V2,
  "gputopProcessInfoWide_t": PROCESS_INFO_V3_WIDE,
  "nvmlProcessUtilizationSample_t": PROCESS_UTILIZATION_SAMPLE,
  "nvmlEventData_t": EVENT_DATA,
};

/** Probed for the header comparison, with no TypeScript counterpart. */
const PROBED_ONLY = new Set(["const.NVML_DEVICE_ARCH_UNKNOWN", "const.NVML_DEVICE_MIG_DISABLE"]);

/** The health calls' enums and reason bits (health_calls.ts, clock_event_reasons.ts). */
function healthConstants(): Record<string, bigint> {
  const constants: Record<string, bigint> = {
    "nvmlEnableState_t.size": 4n,
    "nvmlMemoryErrorType_t.size": 4n,
    "nvmlEccCounterType_t.size": 4n,
    "nvmlPageRetirementCause_t.size": 4n,
    "const.NVML_FEATURE_ENABLED": BigInt(FEATURE_ENABLED),
    "const.NVML_MEMORY_ERROR_TYPE_CORRECTED": BigInt(MEMORY_ERROR_CORRECTED),
    "const.NVML_MEMORY_ERROR_TYPE_UNCORRECTED": BigInt(MEMORY_ERROR_UNCORRECTED),
    "const.NVML_VOLATILE_ECC": BigInt(ECC_COUNTER_VOLATILE),
    "const.NVML_AGGREGATE_ECC": BigInt(ECC_COUNTER_AGGREGATE),
    "const.NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS": BigInt(
      RETIREMENT_CAUSES[0],
    ),
    "const.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR": BigInt(RETIREMENT_CAUSES[1]),
  };
  for (const [name, bit] of Object.entries(CLOCK_REASON_BITS)) {
    constants[`const.nvmlClocksThrottleReason${name}`] = bit;
  }
  return constants;
}

/** Probe key → the TypeScript constant that must equal it. */
function expectedConstants(): Map<string, bigint> {
  const expected = new Map<string, bigint>([
    ["nvmlReturn_t.size", 4n],
    ["nvmlDevice_t.size", 8n],
    ["nvmlDeviceArchitecture_t.size", 4n],
    ["nvmlPciInfo_t.busIdLegacy.length", BigInt(PCI_BUS_ID_LEGACY_LENGTH)],
    ["nvmlPciInfo_t.busId.length", BigInt(PCI_BUS_ID_LENGTH)],
    ["const.nvmlMemory_v2", BigInt(MEMORY_V2_VERSION)],
    ["const.NVML_VALUE_NOT_AVAILABLE.u32", BigInt(VALUE_NOT_AVAILABLE_U32)],
    ["const.NVML_VALUE_NOT_AVAILABLE.u64", VALUE_NOT_AVAILABLE_U64],
    ["const.NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE", BigInt(SYSTEM_DRIVER_VERSION_BUFFER_SIZE)],
    ["const.NVML_SYSTEM_NVML_VERSION_BUFFER_SIZE", BigInt(SYSTEM_NVML_VERSION_BUFFER_SIZE)],
    ["const.NVML_DEVICE_NAME_V2_BUFFER_SIZE", BigInt(DEVICE_NAME_V2_BUFFER_SIZE)],
    ["const.NVML_DEVICE_UUID_V2_BUFFER_SIZE", BigInt(DEVICE_UUID_V2_BUFFER_SIZE)],
    ["const.NVML_DEVICE_SERIAL_BUFFER_SIZE", BigInt(DEVICE_SERIAL_BUFFER_SIZE)],
    ["const.NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE", BigInt(PCI_BUS_ID_LENGTH)],
    ["const.NVML_DEVICE_PCI_BUS_ID_BUFFER_V2_SIZE", BigInt(PCI_BUS_ID_LEGACY_LENGTH)],
    ["const.NVML_TEMPERATURE_GPU", BigInt(TEMPERATURE_GPU)],
    ["const.NVML_CLOCK_GRAPHICS", BigInt(CLOCK_GRAPHICS)],
    ["const.NVML_CLOCK_MEM", BigInt(CLOCK_MEM)],
    ["const.NVML_PSTATE_15", BigInt(PSTATE_MAX)],
    ["const.NVML_PSTATE_UNKNOWN", BigInt(PSTATE_UNKNOWN)],
    ["const.NVML_DEVICE_MIG_ENABLE", BigInt(DEVICE_MIG_ENABLE)],
    ["const.nvmlEventTypeXidCriticalError", EVENT_TYPE_XID_CRITICAL_ERROR],
  ]);
  for (const [struct, layout] of Object.entries(STRUCTS)) {
    for (const [field, value] of Object.entries(layout)) {
      expected.set(`${struct}.${field}`, BigInt(value));
    }
  }
  const architectures = [
    "KEPLER",
    "MAXWELL",
    "PASCAL",
    "VOLTA",
    "TURING",
    "AMPERE",
    "ADA",
    "HOPPER",
  ];
  for (const [value, name] of DEVICE_ARCHITECTURES) {
    const macro = name.toUpperCase();
    // Blackwell (10) is newer than the 11.8 header; it is not probed.
    if (architectures.includes(macro)) {
      expected.set(`const.NVML_DEVICE_ARCH_${macro}`, BigInt(value));
    }
  }
  for (const [name, value] of Object.entries(healthConstants())) expected.set(name, value);
  for (const [name, value] of Object.entries(NvmlReturn)) {
    if (name === "DEPRECATED") continue; // 26 is newer than the 11.8 header
    const macro = name === "SUCCESS" ? "NVML_SUCCESS" : `NVML_ERROR_${name}`;
    expected.set(`const.${macro}`, BigInt(value));
  }
  return expected;
}

async function probe(vendor: boolean): Promise<Map<string, bigint>> {
  const args = ["-I", FAKE_NVML_DIR];
  if (vendor) args.push("-DPROBE_VENDOR_HEADER", "-I", vendorIncludeDir ?? "/usr/include");
  const text = await compileAndRunProbe(args, `${FAKE_NVML_DIR}/layout_probe.c`);
  return new Map(probeLines(text).map(([key, value]) => [key, BigInt(value)]));
}

function assertMatches(actual: Map<string, bigint>, expected: Map<string, bigint>, what: string) {
  for (const [key, value] of expected) {
    assert.equal(
      actual.get(key),
      value,
      `${key}: ${what} says ${actual.get(key)}, expected ${value}`,
    );
  }
}

const ccMissing = fakeNvmlUnavailableReason();

Deno.test({
  name: ccMissing === null
    ? "types.ts layouts and constants match our nvml_abi.h"
    : `types.ts layouts and constants match our nvml_abi.h (skipped: ${ccMissing})`,
  ignore: ccMissing !== null,
  async fn() {
    const ours = await probe(false);
    const expected = expectedConstants();
    assertMatches(ours, expected, "nvml_abi.h");
    // Nothing probed is left unchecked by the TypeScript side.
    const unchecked = [...ours.keys()].filter((key) => !expected.has(key) && !PROBED_ONLY.has(key));
    assert.deepEqual(unchecked, []);
  },
});

const vendorSkip = ccMissing ??
  (vendorIncludeDir === null
    ? `nvml.h not found in ${VENDOR_INCLUDE_DIRS.join(" or ")}; install libnvidia-ml-dev`
    : null);

Deno.test({
  name: vendorSkip === null
    ? `types.ts and nvml_abi.h match the vendor's ${vendorIncludeDir}/nvml.h`
    : `types.ts and nvml_abi.h match the vendor's nvml.h (skipped: ${vendorSkip})`,
  ignore: vendorSkip !== null,
  async fn() {
    const [ours, vendor] = await Promise.all([probe(false), probe(true)]);
    const expected = expectedConstants();
    for (const key of [...expected.keys()]) if (key.startsWith(OURS_ONLY)) expected.delete(key);
    assertMatches(vendor, expected, "nvml.h");
    const oursShared = new Map([...ours].filter(([key]) => !key.startsWith(OURS_ONLY)));
    assert.deepEqual(vendor, oursShared);
  },
});
