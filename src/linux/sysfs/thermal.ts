/**
 * GPU temperatures from thermal zones (kernel `Documentation/ABI/testing/sysfs-class-thermal`):
 * `<sysRoot>/class/thermal/thermal_zone<N>/type` names the zone as the device tree does, and
 * `temp` is m°C. SoC GPUs seldom have a hwmon of their own; their sensor is a thermal zone
 * named for the GPU (`gpu-thermal` on Rockchip, `gpu-top-thermal` / `gpuss-0-thermal` on
 * Qualcomm, `gpu_thermal` on some Amlogic boards). Only zones whose type says "gpu" are
 * taken: a `cpu-thermal` or `soc-thermal` zone is not the GPU's reading, and unknown stays
 * null.
 */
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readIntOrNull, readLineOrNull } from "../read_file.ts";

/** Zone type → °C for every zone named for a GPU; null when there is none. */
export function readGpuThermalZones(sysRoot: string): Record<string, number> | null {
  const base = joinPath(sysRoot, "class", "thermal");
  const zones = (listDirOrNull(base) ?? [])
    .filter((name) => /^thermal_zone\d+$/.test(name))
    .sort((a, b) => Number(a.slice(12)) - Number(b.slice(12)));
  const temps: Record<string, number> = {};
  for (const zone of zones) {
    const type = readLineOrNull(joinPath(base, zone, "type"));
    if (type === null || !/gpu/i.test(type) || Object.hasOwn(temps, type)) continue;
    const milli = readIntOrNull(joinPath(base, zone, "temp"));
    // The core prints a negative errno-like value or nothing when the sensor cannot be read.
    if (milli === null || milli <= -273000) continue;
    temps[type] = milli / 1000;
  }
  return Object.keys(temps).length > 0 ? temps : null;
}

/** The hottest GPU zone: with several (Qualcomm splits the GPU in two), the limit that matters. */
export function hottest(temps: Record<string, number> | null): number | null {
  if (temps === null) return null;
  const values = Object.values(temps);
  return values.length > 0 ? Math.max(...values) : null;
}
