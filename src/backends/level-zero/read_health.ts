/**
 * A Level Zero device's health fields: the PCIe link (current, max, replays), RAS error
 * counts and what the memory modules say of themselves. Each part is read on its own, so an
 * unsupported call costs only its fields.
 */
import type { DeviceReading } from "../../model/types.ts";
import type { FieldReader } from "../../ffi/field_reader.ts";
import type { ZeHandle, ZeLibrary, ZePciProperties } from "./library.ts";
import type { ZeMemoryModule } from "./properties.ts";
import { MemHealth, PCI_STATE, PCI_STATS, RAS_PROPERTIES, RasErrorType, STYPE } from "./types.ts";

/** −1 (or any non-positive value) is Level Zero's unknown. */
function known(value: number): number | null {
  return value > 0 ? value : null;
}

/** Max link from the properties; current link and replays from the state and the stats. */
export function readPcieLink(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
  pci: ZePciProperties | null,
): Partial<DeviceReading> {
  const result: Partial<DeviceReading> = {};
  if (pci !== null) {
    result.pcieGenerationMax = known(pci.maxGeneration);
    result.pcieWidthMax = known(pci.maxWidth);
  }
  const state = fields.read("PCIe link", () => {
    return ze.getStruct("zesDevicePciGetState", device, PCI_STATE.size, STYPE.pciState);
  });
  if (state !== null) {
    result.pcieGeneration = known(state.i32(PCI_STATE.speedGen));
    result.pcieWidth = known(state.i32(PCI_STATE.speedWidth));
  }
  if (pci?.haveReplayCounters) {
    const stats = fields.read("PCIe replays", () => {
      return ze.getStruct("zesDevicePciGetStats", device, PCI_STATS.size, null);
    });
    if (stats !== null) result.pcieReplayCount = Number(stats.u64(PCI_STATS.replayCounter));
  }
  return result;
}

/**
 * Correctable and uncorrectable RAS sets of the device itself, categories summed. Level Zero
 * counts since the driver loaded: the volatile keys; it keeps no lifetime count.
 */
export function readRasErrors(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
): Partial<DeviceReading> {
  const totals = fields.read("RAS errors", () => {
    const sums = new Map<number, number>();
    for (const ras of ze.handles("zesDeviceEnumRasErrorSets", device)) {
      const size = RAS_PROPERTIES.size;
      const properties = ze.getStruct("zesRasGetProperties", ras, size, STYPE.rasProperties);
      if (properties.bytes[RAS_PROPERTIES.onSubdevice] !== 0) continue;
      const type = properties.u32(RAS_PROPERTIES.type);
      const count = ze.rasCategoryCounts(ras).reduce((sum, n) => sum + Number(n), 0);
      sums.set(type, (sums.get(type) ?? 0) + count);
    }
    return sums;
  });
  if (totals === null || totals.size === 0) return {};
  return {
    eccErrors: {
      volatileCorrected: totals.get(RasErrorType.CORRECTABLE) ?? null,
      volatileUncorrected: totals.get(RasErrorType.UNCORRECTABLE) ?? null,
      aggregateCorrected: null,
      aggregateUncorrected: null,
    },
  };
}

/**
 * A module whose health is CRITICAL (running on reduced memory, banks fenced off for their
 * uncorrectable errors) or REPLACE asks for the board to be replaced: Level Zero's word for a
 * failed retirement. Unknown health on every module leaves the field null.
 */
export function memoryRetirementFailed(modules: readonly ZeMemoryModule[]): boolean | null {
  const knownHealth = modules.map((m) => m.health).filter((h) => h !== MemHealth.UNKNOWN);
  if (knownHealth.length === 0) return null;
  return knownHealth.some((h) => h === MemHealth.CRITICAL || h === MemHealth.REPLACE);
}
