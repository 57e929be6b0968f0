/**
 * The hwmon directory of a GPU (`<device>/hwmon/hwmonK`, K arbitrary) and the sensors the
 * DRM backend reports from it. Units on disk: m°C, µW, µJ, RPM, pwm 0–255. Channels are
 * matched by their `*_label` file, never by index, because drivers number them differently
 * (amdgpu temp1 = edge, xe temp2 = pkg) and hide the ones a board lacks.
 *
 * Every read of a hwmon value may resume a runtime-suspended GPU; callers check runtime PM
 * first. Listing the directory and testing whether a file exists do not touch the device.
 */
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readBigIntOrNull, readIntOrNull, readLineOrNull } from "../read_file.ts";

/** One hwmon directory and the names in it (listed once; listing does not wake the GPU). */
export interface Hwmon {
  path: string;
  files: ReadonlySet<string>;
}

/**
 * The device's hwmon directory: the one whose `name` is the driver's (i915 also registers
 * per-GT `i915_gtN` ones), else the first. Reading `name` never touches the hardware.
 */
export function openHwmon(devicePath: string, driver: string | null): Hwmon | null {
  const base = joinPath(devicePath, "hwmon");
  const dirs = (listDirOrNull(base) ?? [])
    .filter((name) => /^hwmon\d+$/.test(name))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)))
    .map((name) => joinPath(base, name));
  const path =
    dirs.find((dir) => driver !== null && readLineOrNull(joinPath(dir, "name")) === driver) ??
      dirs[0];
  if (path === undefined) return null;
  return { path, files: new Set(listDirOrNull(path) ?? []) };
}

/** `label → °C` for every `tempN_input`; unlabeled channels are keyed `tempN`. */
export function readTemperatures(hwmon: Hwmon): Record<string, number> | null {
  const temps: Record<string, number> = {};
  for (const channel of channels(hwmon, "temp", "input")) {
    const milli = readInt(hwmon, `temp${channel}_input`);
    if (milli === null) continue;
    const label = readLabel(hwmon, `temp${channel}_label`) ?? `temp${channel}`;
    if (!(label in temps)) temps[label] = milli / 1000;
  }
  return Object.keys(temps).length > 0 ? temps : null;
}

/** The headline temperature: `edge` (amdgpu's board sensor) when present, else the first. */
export function primaryTemperature(temps: Record<string, number> | null): number | null {
  if (temps === null) return null;
  return temps.edge ?? Object.values(temps)[0] ?? null;
}

/** A µW file of this hwmon (`power1_average`, `power1_cap`, ...) → watts; null if absent. */
export function readWatts(hwmon: Hwmon, file: string): number | null {
  const micro = readInt(hwmon, file);
  return micro === null || micro < 0 ? null : micro / 1e6;
}

/**
 * Fan speed in percent: `pwm1` duty (0–255) when the driver exposes it, else `fan1_input`
 * RPM against `fan1_max`. Null when neither is there (APUs, fanless boards).
 */
export function readFanPercent(hwmon: Hwmon): number | null {
  const pwm = readInt(hwmon, "pwm1");
  if (pwm !== null && pwm >= 0) return roundTenth(Math.min(100, (pwm / 255) * 100));
  const rpm = readInt(hwmon, "fan1_input");
  const max = readInt(hwmon, "fan1_max");
  if (rpm === null || max === null || max <= 0 || rpm < 0) return null;
  return roundTenth(Math.min(100, (rpm / max) * 100));
}

/**
 * Cumulative energy in µJ (64-bit, so bigint): the channel labelled `card` when labels
 * exist (xe: energy1 = card, energy2 = pkg), else the lowest-numbered one.
 */
export function readEnergyMicrojoules(hwmon: Hwmon): bigint | null {
  const available = channels(hwmon, "energy", "input");
  const card = available.find((n) => readLabel(hwmon, `energy${n}_label`) === "card");
  const channel = card ?? available[0];
  if (channel === undefined) return null;
  return readBigIntOrNull(joinPath(hwmon.path, `energy${channel}_input`));
}

function readInt(hwmon: Hwmon, file: string): number | null {
  return hwmon.files.has(file) ? readIntOrNull(joinPath(hwmon.path, file)) : null;
}

function readLabel(hwmon: Hwmon, file: string): string | null {
  return hwmon.files.has(file) ? readLineOrNull(joinPath(hwmon.path, file)) : null;
}

/** Channel numbers N for which `<prefix>N_<suffix>` exists, ascending. */
function channels(hwmon: Hwmon, prefix: string, suffix: string): number[] {
  const pattern = new RegExp(`^${prefix}(\\d+)_${suffix}$`);
  return [...hwmon.files]
    .map((name) => pattern.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

function roundTenth(value: number): number {
  return Math.round(value * 10) / 10;
}
