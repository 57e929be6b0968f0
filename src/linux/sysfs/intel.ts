/**
 * Intel GT frequencies and VRAM size from sysfs, for i915 and xe, whose trees differ:
 *
 * - i915: `cardN/gt_{act,cur,max,min}_freq_mhz` (device-level: the max over GTs, the min over
 *   GTs for `min`), or per GT `cardN/gt/gtX/rps_{act,cur,max,min}_freq_mhz` on kernels that
 *   have them (5.19+); older kernels (Skylake/Kaby Lake era) have only the first spelling.
 * - xe: `device/tile<T>/gt<G>/freq0/{act,cur,max}_freq`, G a global GT id. On current parts
 *   `tile0/gt0` is the primary (render) GT and `gt1` the media GT. Only a primary GT's
 *   frequency is the graphics clock: a media GT's (video engines only) is not, so a tree
 *   with only the media GT readable gives null, not the media clock.
 *
 * `act` is what the hardware runs at (0 while the GT sits in RC6/C6), `cur` what was
 * requested, `max` and `min` the soft upper and lower limits. Reading xe's freq files takes a runtime-PM reference
 * (wakes the GPU); callers read these only when the device is active.
 */
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readIntOrNull, readLineOrNull } from "../read_file.ts";

export interface GtFrequencies {
  actualMHz: number | null;
  requestedMHz: number | null;
  maxMHz: number | null;
  /** The soft lower limit; i915 only (xe's `freq0/min_freq` is not read yet). */
  minMHz: number | null;
}

export function readI915Frequencies(cardPath: string): GtFrequencies {
  const legacy = (kind: string) => mhz(joinPath(cardPath, `gt_${kind}_freq_mhz`));
  const perGt = (kind: string) => mhz(joinPath(cardPath, "gt", "gt0", `rps_${kind}_freq_mhz`));
  const read = (kind: string) => legacy(kind) ?? perGt(kind);
  return {
    actualMHz: read("act"),
    requestedMHz: read("cur"),
    maxMHz: read("max"),
    minMHz: read("min"),
  };
}

export function readXeFrequencies(devicePath: string): GtFrequencies {
  const freq0 = primaryXeGt(devicePath);
  if (freq0 === null) return { actualMHz: null, requestedMHz: null, maxMHz: null, minMHz: null };
  return {
    actualMHz: mhz(joinPath(freq0, "act_freq")),
    requestedMHz: mhz(joinPath(freq0, "cur_freq")),
    maxMHz: mhz(joinPath(freq0, "max_freq")),
    minMHz: null,
  };
}

/**
 * The `freq0` of the first primary GT, tile by tile. A GT is primary when xe says so:
 * `gtidle/name` is `gt<N>-rc` (render C-state; a media GT's is `gt<N>-mc`, xe_gt_idle.c), or
 * its `engines/` lists a render or compute class (`rcs`, `ccs`; a media GT has only `vcs`,
 * `vecs`, `gsccs`). A GT that says neither counts as primary only when it is `gt0`, the
 * primary GT of tile 0 on every xe part.
 */
function primaryXeGt(devicePath: string): string | null {
  for (const tile of numbered(devicePath, "tile")) {
    for (const gt of numbered(joinPath(devicePath, tile), "gt")) {
      const gtDir = joinPath(devicePath, tile, gt);
      const freq0 = joinPath(gtDir, "freq0");
      if (listDirOrNull(freq0) === null) continue;
      const kind = xeGtKind(gtDir);
      if (kind === "primary" || (kind === null && gt === "gt0")) return freq0;
    }
  }
  return null;
}

function xeGtKind(gtDir: string): "primary" | "media" | null {
  const idleName = readLineOrNull(joinPath(gtDir, "gtidle", "name"));
  if (idleName?.endsWith("-rc")) return "primary";
  if (idleName?.endsWith("-mc")) return "media";
  const engines = listDirOrNull(joinPath(gtDir, "engines"));
  if (engines === null || engines.length === 0) return null;
  return engines.includes("rcs") || engines.includes("ccs") ? "primary" : "media";
}

/**
 * Physical VRAM of an xe device, summed over tiles (`tile<T>/physical_vram_size_bytes`, in
 * some trees `tile<T>/memory/physical_vram_size_bytes`). Includes stolen/reserved memory, so
 * slightly more than what applications can allocate. Driver state: does not wake the GPU.
 * Null for integrated parts, which have no tile VRAM files.
 */
export function readXeVramTotal(devicePath: string): number | null {
  let total: number | null = null;
  for (const tile of numbered(devicePath, "tile")) {
    const size = readIntOrNull(joinPath(devicePath, tile, "physical_vram_size_bytes")) ??
      readIntOrNull(joinPath(devicePath, tile, "memory", "physical_vram_size_bytes"));
    if (size !== null && size > 0) total = (total ?? 0) + size;
  }
  return total;
}

function mhz(path: string): number | null {
  const value = readIntOrNull(path);
  return value === null || value < 0 ? null : value;
}

/** Entries `<prefix>N` of `dir`, by N. */
function numbered(dir: string, prefix: string): string[] {
  const pattern = new RegExp(`^${prefix}(\\d+)$`);
  return (listDirOrNull(dir) ?? [])
    .filter((name) => pattern.test(name))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}
