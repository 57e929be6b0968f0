/**
 * The GPU-health fields sysfs knows for a PCI GPU, whatever its driver: the PCIe link (every
 * driver), amdgpu RAS counts and bad pages, and Intel (i915, xe) clock-throttle reasons.
 * The health verdict itself is made later, once for every backend (`model/device_health.ts`).
 *
 * Read only while the GPU is awake: the link registers of a suspended device read as garbage,
 * and amdgpu RAS queries and xe's freq files resume the GPU.
 */
import type { DeviceReading } from "../../model/types.ts";
import { readAmdgpuBadPages, readAmdgpuEccCounts } from "../../linux/sysfs/amdgpu_ras.ts";
import {
  readI915ClockEventReasons,
  readXeClockEventReasons,
} from "../../linux/sysfs/intel_throttle.ts";
import type { DrmCard } from "../../linux/sysfs/drm_cards.ts";
import { readPcieLink } from "../../linux/sysfs/pcie_link.ts";

export function drmHealthFields(card: DrmCard): Partial<DeviceReading> {
  const link = readPcieLink(card.devicePath);
  const fields: Partial<DeviceReading> = {
    pcieGeneration: link.generation,
    pcieWidth: link.width,
    pcieGenerationMax: link.generationMax,
    pcieWidthMax: link.widthMax,
  };
  switch (card.driver) {
    case "amdgpu":
      Object.assign(fields, amdgpuRasFields(card.devicePath));
      break;
    case "i915":
      fields.clockEventReasons = readI915ClockEventReasons(card.cardPath);
      break;
    case "xe":
      fields.clockEventReasons = readXeClockEventReasons(card.devicePath);
      break;
  }
  return fields;
}

/**
 * amdgpu counts errors since the driver loaded: the volatile keys; the lifetime (aggregate)
 * counts are not in sysfs. ECC counts as on when any block's counter exists: the driver
 * creates a block's `_err_count` only for a block whose RAS (ECC) feature is enabled.
 */
function amdgpuRasFields(devicePath: string): Partial<DeviceReading> {
  const counts = readAmdgpuEccCounts(devicePath);
  const badPages = readAmdgpuBadPages(devicePath);
  return {
    eccEnabled: counts === null ? null : true,
    eccErrors: counts === null ? null : {
      volatileCorrected: counts.corrected,
      volatileUncorrected: counts.uncorrected,
      aggregateCorrected: null,
      aggregateUncorrected: null,
    },
    retiredPages: badPages?.retired ?? null,
    retirementPending: badPages === null ? null : badPages.pending > 0,
    retirementFailed: badPages === null ? null : badPages.failed > 0,
  };
}
