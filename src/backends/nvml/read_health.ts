/**
 * A device's health fields from NVML: ECC mode and counts, retired pages or remapped rows,
 * clock event reasons, the PCIe link's maximum and its replays. Every read is on its own:
 * NOT_SUPPORTED (a consumer board, ECC off) or a missing export leaves that field null.
 */
import type { DeviceReading } from "../../model/types.ts";
import type { FieldReader } from "../../ffi/field_reader.ts";
import { mapOrNull } from "../../ffi/field_reader.ts";
import { clockEventReasonsOf } from "./clock_event_reasons.ts";
import { bytesOrNull, knownU32 } from "./convert.ts";
import {
  ECC_COUNTER_AGGREGATE,
  ECC_COUNTER_VOLATILE,
  MEMORY_ERROR_CORRECTED,
  MEMORY_ERROR_UNCORRECTED,
  type NvmlHealthCalls,
} from "./health_calls.ts";
import type { NvmlLibrary } from "./library.ts";

interface HealthFields {
  nvml: NvmlLibrary;
  h: Deno.PointerValue;
  fields: FieldReader;
}

/** The health part of a device reading. */
export function readHealth({ nvml, h, fields }: HealthFields): Partial<DeviceReading> {
  const calls = nvml.health;
  const u32 = (label: string, read: () => number) => mapOrNull(fields.read(label, read), knownU32);
  return {
    pcieGenerationMax: u32(
      "PCIe generation max",
      () => nvml.deviceU32(h, "nvmlDeviceGetMaxPcieLinkGeneration"),
    ),
    pcieWidthMax: u32("PCIe width max", () => nvml.deviceU32(h, "nvmlDeviceGetMaxPcieLinkWidth")),
    pcieReplayCount: u32(
      "PCIe replays",
      () => nvml.deviceU32(h, "nvmlDeviceGetPcieReplayCounter"),
    ),
    eccEnabled: fields.read("ECC mode", () => calls.eccEnabled(h)),
    eccErrors: readEccErrors(calls, h, fields),
    ...readRetirement(calls, h, fields),
    clockEventReasons: mapOrNull(
      fields.read("clock event reasons", () => calls.clockEventReasonMask(h)),
      clockEventReasonsOf,
    ),
  };
}

/** The four counters; null when none of them is known. */
function readEccErrors(
  calls: NvmlHealthCalls,
  h: Deno.PointerValue,
  fields: FieldReader,
): DeviceReading["eccErrors"] {
  const count = (label: string, errorType: number, counterType: number) =>
    mapOrNull(
      fields.read(`ECC ${label}`, () => calls.eccCount(h, errorType, counterType)),
      bytesOrNull, // the u64 "not available" check; these are counts
    );
  const errors = {
    volatileCorrected: count("volatile corrected", MEMORY_ERROR_CORRECTED, ECC_COUNTER_VOLATILE),
    volatileUncorrected: count(
      "volatile uncorrected",
      MEMORY_ERROR_UNCORRECTED,
      ECC_COUNTER_VOLATILE,
    ),
    aggregateCorrected: count(
      "aggregate corrected",
      MEMORY_ERROR_CORRECTED,
      ECC_COUNTER_AGGREGATE,
    ),
    aggregateUncorrected: count(
      "aggregate uncorrected",
      MEMORY_ERROR_UNCORRECTED,
      ECC_COUNTER_AGGREGATE,
    ),
  };
  return Object.values(errors).every((value) => value === null) ? null : errors;
}

/**
 * Remapped rows where the board has them (Ampere and later: they replace page retirement),
 * else retired pages and their pending status.
 */
function readRetirement(
  calls: NvmlHealthCalls,
  h: Deno.PointerValue,
  fields: FieldReader,
): Partial<DeviceReading> {
  const rows = fields.read("remapped rows", () => calls.remappedRows(h));
  if (rows !== null) {
    return {
      retiredPages: rows.corrected + rows.uncorrected,
      retirementPending: rows.pending,
      retirementFailed: rows.failed,
    };
  }
  return {
    retiredPages: fields.read("retired pages", () => calls.retiredPages(h)),
    retirementPending: fields.read("retirement pending", () => calls.retirementPending(h)),
    retirementFailed: null,
  };
}
