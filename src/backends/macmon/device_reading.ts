/**
 * The one device macmon describes: the Apple GPU, its use, clock, power and temperature, and
 * the machine's RAM as its memory (unified memory, `memoryShared: true`).
 */
import { bytesRule } from "../../model/sanitize_snapshot.ts";
import type { DeviceReading } from "../../model/types.ts";
import type { MacmonSample } from "./parse_sample.ts";

export const MACMON_LOCAL_ID = "apple-gpu-0";

function plausibleBytes(value: number | null): value is number {
  return value !== null && bytesRule(value) !== undefined;
}

export function macmonDevice(sample: MacmonSample, name: string): DeviceReading {
  const total = sample.ramTotalBytes;
  const used = sample.ramUsedBytes;
  return {
    localId: MACMON_LOCAL_ID,
    vendor: "apple",
    deviceClass: "gpu",
    name,
    driver: null,
    memoryShared: true,
    memoryTotalBytes: total,
    memoryUsedBytes: used,
    // From plausible figures only: the guard drops (and counts) a bad total or used once,
    // and a free figure derived from it would be a second, invented value.
    memoryFreeBytes: plausibleBytes(total) && plausibleBytes(used) && total >= used
      ? total - used
      : null,
    utilizationPercent: sample.gpuUtilizationPercent,
    graphicsClockMHz: sample.gpuFreqMHz,
    powerWatts: sample.gpuPowerWatts,
    temperatureCelsius: sample.gpuTempCelsius,
  };
}
