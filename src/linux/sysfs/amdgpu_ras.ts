/**
 * amdgpu RAS (reliability, availability, serviceability) files in `device/ras/`
 * (drivers/gpu/drm/amd/amdgpu/amdgpu_ras.c), present on boards with ECC (Instinct, some Pro):
 *
 * - `<block>_err_count` (umc, gfx, sdma, mmhub, xgmi_wafl, ...): lines `ue: N` (uncorrectable)
 *   and `ce: N` (correctable), counted since the driver loaded. Summed over the blocks.
 * - `gpu_vram_bad_pages`: one line per bad page, `pfn : size : flags` (hex numbers), flags
 *   `R` reserved (retired), `P` pending (retired at the next reset), `F` failed (could not be
 *   reserved).
 *
 * A GPU without RAS has no `ras/` directory: every value is null.
 */
import { joinPath } from "../path_join.ts";
import { listDirOrNull, readTextCapped, readTextOrNull } from "../read_file.ts";

export interface AmdgpuEccCounts {
  corrected: number;
  uncorrected: number;
}

export interface AmdgpuBadPages {
  retired: number;
  pending: number;
  failed: number;
}

/** A board with many bad pages lists each: room for tens of thousands of lines. */
const BAD_PAGES_CAP_BYTES = 4 * 1024 * 1024;

/** The `ue:`/`ce:` counts of one `_err_count` file; null when it holds neither. */
export function parseErrCount(text: string): AmdgpuEccCounts | null {
  const count = (key: string) => {
    const match = new RegExp(`^${key}:\\s*(\\d+)\\s*$`, "m").exec(text);
    const value = match === null ? null : Number(match[1]);
    return value !== null && Number.isSafeInteger(value) ? value : null;
  };
  const uncorrected = count("ue");
  const corrected = count("ce");
  if (uncorrected === null && corrected === null) return null;
  return { corrected: corrected ?? 0, uncorrected: uncorrected ?? 0 };
}

/** Sums over every block's `_err_count`; null when none could be read. */
export function readAmdgpuEccCounts(devicePath: string): AmdgpuEccCounts | null {
  const dir = joinPath(devicePath, "ras");
  const files = (listDirOrNull(dir) ?? []).filter((name) => name.endsWith("_err_count")).sort();
  const total: AmdgpuEccCounts = { corrected: 0, uncorrected: 0 };
  let found = false;
  for (const name of files) {
    const text = readTextOrNull(joinPath(dir, name));
    const counts = text === null ? null : parseErrCount(text);
    if (counts === null) continue;
    found = true;
    total.corrected += counts.corrected;
    total.uncorrected += counts.uncorrected;
  }
  return found ? total : null;
}

/** Counts of the `gpu_vram_bad_pages` lines by flag; lines of another shape are skipped. */
export function parseBadPages(text: string): AmdgpuBadPages {
  const pages = { retired: 0, pending: 0, failed: 0 };
  for (const line of text.split("\n")) {
    const match = /^\s*0x[0-9a-f]+\s*:\s*0x[0-9a-f]+\s*:\s*([RPF])\s*$/i.exec(line);
    const flag = match?.[1]?.toUpperCase();
    if (flag === "R") pages.retired++;
    else if (flag === "P") pages.pending++;
    else if (flag === "F") pages.failed++;
  }
  return pages;
}

/** Null when the file is missing, unreadable or past its cap. */
export function readAmdgpuBadPages(devicePath: string): AmdgpuBadPages | null {
  const text = readTextCapped(
    joinPath(devicePath, "ras", "gpu_vram_bad_pages"),
    BAD_PAGES_CAP_BYTES,
  );
  return typeof text === "string" ? parseBadPages(text) : null;
}
