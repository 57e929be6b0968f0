/**
 * Frequency and load of a SoC GPU from devfreq (kernel `Documentation/ABI/testing/
 * sysfs-class-devfreq`). The devfreq device is a child of the GPU's platform device,
 * `<device>/devfreq/<name>/`, and `/sys/class/devfreq/<name>` links to it; `<name>` is the
 * platform device's name (`fde60000.gpu`).
 *
 * - `cur_freq`, `min_freq`, `max_freq`: Hz. `min_freq`/`max_freq` are the current policy
 *   limits (user and thermal constraints applied).
 * - `load`: not in the mainline ABI. Vendor kernels (Rockchip's BSP for Mali) print
 *   `<percent>@<freq>Hz`; a bare number is taken as the percent. Absent on mainline
 *   panfrost/panthor/msm, where busy % comes from the processes' fdinfo instead.
 */
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readLineOrNull } from "../read_file.ts";

export interface DevfreqReading {
  curMHz: number | null;
  minMHz: number | null;
  maxMHz: number | null;
  /** 0–100, from the vendor `load` file; null where there is none. */
  loadPercent: number | null;
}

/** The devfreq directory of a device: its `devfreq/` child, else `class/devfreq/<busId>`. */
export function devfreqDir(
  devicePath: string,
  sysRoot: string | null,
  busId: string,
): string | null {
  const child = (listDirOrNull(joinPath(devicePath, "devfreq")) ?? []).sort()[0];
  if (child !== undefined) return joinPath(devicePath, "devfreq", child);
  if (sysRoot === null) return null;
  const byName = joinPath(sysRoot, "class", "devfreq", busId);
  return listDirOrNull(byName) === null ? null : byName;
}

export function readDevfreq(dir: string): DevfreqReading {
  return {
    curMHz: hzToMHz(readLineOrNull(joinPath(dir, "cur_freq"))),
    minMHz: hzToMHz(readLineOrNull(joinPath(dir, "min_freq"))),
    maxMHz: hzToMHz(readLineOrNull(joinPath(dir, "max_freq"))),
    loadPercent: parseLoad(readLineOrNull(joinPath(dir, "load"))),
  };
}

/** `800000000` (Hz) → 800; rounded to a whole MHz (OPP tables list e.g. 799999987 Hz). */
function hzToMHz(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const hz = Number(text);
  return hz > 0 ? Math.round(hz / 1e6) : null;
}

/** `45@800000000Hz` or `45` → 45; anything else, or outside 0–100, → null. */
export function parseLoad(text: string | null): number | null {
  const match = text === null ? null : /^(\d+)(?:@\d+\s*Hz)?$/.exec(text);
  if (!match) return null;
  const percent = Number(match[1]);
  return percent <= 100 ? percent : null;
}
