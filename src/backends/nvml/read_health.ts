/**
 * A device's health fields from NVML: ECC mode and counts, retired pages or remapped rows,
 * clock event reasons, the PCIe link's maximum and its replays. Every read is on its own:
 * NOT_SUPPORTED (a consumer board, ECC off) or a missing export leaves that field null.
 * The slowly changing ones come through a SlowHealthCache when the caller keeps one.
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
import type { SlowHealthCache } from "../slow_health_cache.ts";

interface HealthFields {
  nvml: NvmlLibrary;
  h: Deno.PointerValue;
  fields: FieldReader;
}

/** The values read at most every 10 s (slow_health_cache.ts). */
export interface SlowHealth {
  eccEnabled: boolean | null;
  aggregateCorrected: number | null;
  aggregateUncorrected: number | null;
  pcieGenerationMax: number | null;
  pcieWidthMax: number | null;
  retirement: Pick<DeviceReading, "retiredPages" | "retirementPending" | "retirementFailed">;
}

/** Where a device's slow values are kept between samples, and under which key. */
export interface SlowHealthSlot {
  cache: SlowHealthCache<SlowHealth>;
  key: string;
}

/** The health part of a device reading. */
export function readHealth(
  device: HealthFields,
  slot: SlowHealthSlot | null,
): Partial<DeviceReading> {
  const { nvml, h, fields } = device;
  const calls = nvml.health;
  const slow = slot === null
    ? readSlowHealth(device)
    : slot.cache.get(slot.key, () => readSlowHealth(device), () => !fields.lost);
  const ecc = (label: string, errorType: number) =>
    eccCount(device, `ECC volatile ${label}`, errorType, ECC_COUNTER_VOLATILE);
  const errors = {
    volatileCorrected: ecc("corrected", MEMORY_ERROR_CORRECTED),
    volatileUncorrected: ecc("uncorrected", MEMORY_ERROR_UNCORRECTED),
    aggregateCorrected: slow.aggregateCorrected,
    aggregateUncorrected: slow.aggregateUncorrected,
  };
  return {
    pcieGenerationMax: slow.pcieGenerationMax,
    pcieWidthMax: slow.pcieWidthMax,
    pcieReplayCount: mapOrNull(
      fields.read("PCIe replays", () => nvml.deviceU32(h, "nvmlDeviceGetPcieReplayCounter")),
      knownU32,
    ),
    eccEnabled: slow.eccEnabled,
    eccErrors: Object.values(errors).every((value) => value === null) ? null : errors,
    ...slow.retirement,
    clockEventReasons: mapOrNull(
      fields.read("clock event reasons", () => calls.clockEventReasonMask(h)),
      clockEventReasonsOf,
    ),
  };
}

/** ECC mode, lifetime ECC counts, retirement and the link's maximum. */
function readSlowHealth(device: HealthFields): SlowHealth {
  const { nvml, h, fields } = device;
  const u32 = (label: string, read: () => number) => mapOrNull(fields.read(label, read), knownU32);
  const aggregate = (label: string, errorType: number) =>
    eccCount(device, `ECC aggregate ${label}`, errorType, ECC_COUNTER_AGGREGATE);
  return {
    eccEnabled: fields.read("ECC mode", () => nvml.health.eccEnabled(h)),
    aggregateCorrected: aggregate("corrected", MEMORY_ERROR_CORRECTED),
    aggregateUncorrected: aggregate("uncorrected", MEMORY_ERROR_UNCORRECTED),
    pcieGenerationMax: u32(
      "PCIe generation max",
      () => nvml.deviceU32(h, "nvmlDeviceGetMaxPcieLinkGeneration"),
    ),
    pcieWidthMax: u32("PCIe width max", () => nvml.deviceU32(h, "nvmlDeviceGetMaxPcieLinkWidth")),
    retirement: readRetirement(nvml.health, h, fields),
  };
}

/** One ECC counter; the u64 "not available" value is null. */
function eccCount(
  { nvml, h, fields }: HealthFields,
  label: string,
  errorType: number,
  counterType: number,
): number | null {
  return mapOrNull(
    fields.read(label, () => nvml.health.eccCount(h, errorType, counterType)),
    bytesOrNull, // the u64 "not available" check; these are counts
  );
}

/**
 * Remapped rows where the board has them (Ampere and later: they replace page retirement),
 * else retired pages and their pending status.
 */
function readRetirement(
  calls: NvmlHealthCalls,
  h: Deno.PointerValue,
  fields: FieldReader,
): SlowHealth["retirement"] {
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
