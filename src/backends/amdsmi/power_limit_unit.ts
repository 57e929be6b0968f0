/**
 * The unit of `amdsmi_power_info_t.power_limit`, which changed inside ROCm 6.1 while the
 * header's comment did not follow (the 25.x and 26.x headers say "The power limit in W").
 * `amdsmi_get_power_info` fills it from `smi_amdgpu_get_power_cap`, which reads the hwmon
 * file `power1_cap` (µW); what it does with the number, per the library's own source:
 *
 * - **W** for ROCm 6.0.x to 6.1.1 (library 23.4.0, 24.5.0, 24.5.1): `*cap /= 1000000` ("Dividing
 *   by 1000000 to get measurement in Watts"), ROCm/amdsmi `src/amd_smi/amd_smi_utils.cc` at
 *   tags rocm-6.0.0, rocm-6.0.2, rocm-6.1.0 and rocm-6.1.1.
 * - **µW** from ROCm 6.1.2 (library 24.5.2): the division is gone (commit c24d667 "Fix powercap
 *   set"; the CHANGELOG's 6.1.2 section: power cap values are now returned in µW, as the
 *   driver reports them). The same file at rocm-6.1.2, rocm-6.2.0 and rocm-6.2.2, and on
 *   amd-mainline of 2024-10-22 (library 24.7.0, the 6.3 line: the repository has no later tag).
 *   The 6.4 and 7.x releases were not readable at their tags; the source after them, in
 *   ROCm/rocm-systems `projects/amdsmi` (`amdsmi_get_power_info` in `src/amd_smi/amd_smi.cc`,
 *   `smi_amdgpu_get_power_cap` in `amd_smi_utils.cc`, develop), still stores the raw value,
 *   and ROCm/rocm-systems issue #5037 reports µW from a ROCm 7.2 library: so µW for every
 *   release from 6.1.2 on, the 25.x / 26.x header notwithstanding.
 *
 * A library whose version is unknown is judged by the number itself where its soname spans
 * both units (`.so.24`, or no soname): no GPU caps at 100 kW, no cap in µW is under 0.1 W.
 */
import type { LibVersion } from "./generation.ts";
import { knownU32 } from "./convert.ts";

/** How to read `power_limit`; "by size" when the library's version does not tell. */
export type PowerLimitUnit = "W" | "µW" | "by size";

/** The unit for a library of this soname major (null: unversioned name) and version. */
export function powerLimitUnit(soname: number | null, version: LibVersion | null): PowerLimitUnit {
  if (version !== null) return unitOfVersion(version);
  if (soname === null || soname === 24) return "by size";
  return soname < 24 ? "W" : "µW";
}

/** W before library 24.5.2 (ROCm 6.1.2), µW from it on. */
function unitOfVersion(version: LibVersion): PowerLimitUnit {
  const third = Number(/^\s*\d+\.\d+\.(\d+)/.exec(version.text)?.[1] ?? 0);
  const before = version.first < 24 ||
    (version.first === 24 && (version.second < 5 || (version.second === 5 && third < 2)));
  return before ? "W" : "µW";
}

/** The largest cap read as W when the unit goes by size (100 kW: no GPU comes close). */
const LARGEST_CAP_IN_WATTS = 100_000;

/** Watts; all-ones sentinels and 0 ("no cap known") are null. */
export function powerLimitWatts(raw: number, unit: PowerLimitUnit): number | null {
  const known = knownU32(raw);
  if (known === null || known === 0) return null;
  const watts = unit === "W" || (unit === "by size" && known < LARGEST_CAP_IN_WATTS);
  return watts ? known : known / 1e6;
}
