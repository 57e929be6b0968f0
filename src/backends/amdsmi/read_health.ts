/**
 * A device's health fields from AMD SMI: ECC mode and counts, bad pages, the PCIe link and its
 * replays. Every read is on its own: NOT_SUPPORTED (a consumer board, no RAS, no gpu_metrics)
 * or a missing export leaves those fields null. ECC mode and bad pages change slowly and come
 * through a SlowHealthCache when the caller keeps one; the link's maximum arrives in the same
 * `amdsmi_get_pcie_info` call as the current link, so it is read with it each sample.
 *
 * What the library reads underneath (ROCm/amdsmi src/amd_smi, amd-staging): ECC counts are
 * the amdgpu RAS counters summed over enabled blocks, kept since the driver loaded (the
 * volatile keys; no lifetime count exists); bad pages are sysfs `ras/gpu_vram_bad_pages`.
 */
import type { DeviceReading } from "../../model/types.ts";
import type { FieldReader } from "../../ffi/field_reader.ts";
import { mapOrNull } from "../../ffi/field_reader.ts";
import { pcieGenerationOfRate } from "../../linux/sysfs/pcie_link.ts";
import type { SlowHealthCache } from "../slow_health_cache.ts";
import { knownU32, knownU64 } from "./convert.ts";
import type { BadPageCounts, PcieInfo } from "./health_calls.ts";
import type { AmdsmiLibrary, Handle } from "./library.ts";

/** The values read at most every 10 s. */
export interface SlowHealth {
  eccEnabled: boolean | null;
  retirement: Pick<DeviceReading, "retiredPages" | "retirementPending" | "retirementFailed">;
}

/** Where a device's slow values are kept between samples, and under which key. */
export interface SlowHealthSlot {
  cache: SlowHealthCache<SlowHealth>;
  key: string;
}

interface HealthFields {
  amdsmi: AmdsmiLibrary;
  handle: Handle;
  fields: FieldReader;
}

/** The health part of a device reading. */
export function readHealth(
  device: HealthFields,
  slot: SlowHealthSlot | null,
): Partial<DeviceReading> {
  const { amdsmi, handle, fields } = device;
  const slow = slot === null
    ? readSlowHealth(device)
    : slot.cache.get(slot.key, () => readSlowHealth(device), () => !fields.lost);
  const ecc = fields.read("ECC counts", () => amdsmi.health.totalEccCount(handle));
  const pcie = fields.read("PCIe info", () => amdsmi.health.pcieInfo(handle));
  return {
    ...(pcie === null ? NO_PCIE : pcieFields(pcie)),
    eccEnabled: slow.eccEnabled,
    eccErrors: ecc === null ? null : eccErrorsOf(ecc),
    ...slow.retirement,
  };
}

/** Counts since the driver loaded; null when neither is known (AMD SMI keeps no lifetime count). */
function eccErrorsOf(ecc: { corrected: bigint; uncorrected: bigint }): DeviceReading["eccErrors"] {
  const volatileCorrected = countOrNull(ecc.corrected);
  const volatileUncorrected = countOrNull(ecc.uncorrected);
  if (volatileCorrected === null && volatileUncorrected === null) return null;
  return {
    volatileCorrected,
    volatileUncorrected,
    aggregateCorrected: null,
    aggregateUncorrected: null,
  };
}

/** ECC mode (any block's ECC on) and bad pages. */
function readSlowHealth({ amdsmi, handle, fields }: HealthFields): SlowHealth {
  const mask = fields.read("ECC mode", () => amdsmi.health.eccEnabledBlocks(handle));
  const pages = fields.read("bad pages", () => amdsmi.health.badPages(handle));
  // All ones is the library's "not available"; no GPU has 64 RAS blocks.
  const known = mask === null || mask === ALL_ONES ? null : mask;
  return { eccEnabled: known === null ? null : known !== 0n, retirement: retirementOf(pages) };
}

const ALL_ONES = 0xffffffffffffffffn;

const NO_PCIE: Partial<DeviceReading> = {
  pcieGeneration: null,
  pcieWidth: null,
  pcieGenerationMax: null,
  pcieWidthMax: null,
  pcieReplayCount: null,
};

/** Reserved pages are retired; pending ones wait for a reset; unreservable ones failed. */
function retirementOf(pages: BadPageCounts | null): SlowHealth["retirement"] {
  if (pages === null) {
    return { retiredPages: null, retirementPending: null, retirementFailed: null };
  }
  return {
    retiredPages: pages.reserved,
    retirementPending: pages.pending > 0,
    retirementFailed: pages.unreservable > 0,
  };
}

/**
 * Widths in lanes and speeds in MT/s (2500 = Gen 1 … 64000 = Gen 6); 0 and the all-ones
 * values are unknown, as is a speed no generation has.
 */
export function pcieFields(pcie: PcieInfo): Partial<DeviceReading> {
  return {
    pcieGeneration: generationOf(pcie.speedMts),
    pcieWidth: lanesOf(pcie.width),
    pcieGenerationMax: generationOf(pcie.maxSpeedMts),
    pcieWidthMax: lanesOf(pcie.maxWidth),
    pcieReplayCount: countOrNull(pcie.replayCount),
  };
}

function generationOf(megatransfersPerSecond: number): number | null {
  return mapOrNull(knownU32(megatransfersPerSecond), (mts) => pcieGenerationOfRate(mts / 1000));
}

function lanesOf(value: number): number | null {
  return value >= 1 && value <= 64 ? value : null;
}

function countOrNull(value: bigint): number | null {
  return mapOrNull(knownU64(value), Number);
}
