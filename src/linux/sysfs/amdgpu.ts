/**
 * amdgpu's own files in the PCI device directory (drivers/gpu/drm/amd/pm/amdgpu_pm.c,
 * amdgpu_vram_mgr.c, amdgpu_gtt_mgr.c). Memory sizes are bytes, busy values percent, and
 * `pp_dpm_*` tables list clock levels with a `*` on the current one.
 *
 * Runtime PM: `mem_info_*` and `product_name` report driver state and never touch the
 * hardware, so they are read even while the GPU is runtime-suspended. `gpu_busy_percent`,
 * `mem_busy_percent` and `pp_dpm_*` go through the SMU and resumed a suspended GPU on kernels
 * before amdgpu_pm_get_access_if_active (2025); they are read only when the GPU is awake.
 */
import { joinPath } from "../path_join.ts";
import { readIntOrNull, readLineOrNull, readTextOrNull } from "../read_file.ts";

export interface AmdgpuMemory {
  vramTotalBytes: number | null;
  vramUsedBytes: number | null;
  gttTotalBytes: number | null;
  gttUsedBytes: number | null;
}

export interface DpmClock {
  /** The `*` level; null when no level is marked (a power-gated domain at idle). */
  currentMHz: number | null;
  /** The highest level in the table. */
  maxMHz: number | null;
}

export interface AmdgpuActivity {
  gpuBusyPercent: number | null;
  memBusyPercent: number | null;
  sclk: DpmClock | null;
  mclk: DpmClock | null;
}

/** Non-waking: the VRAM and GTT managers' counters. */
export function readAmdgpuMemory(devicePath: string): AmdgpuMemory {
  const bytes = (file: string) => nonNegative(readIntOrNull(joinPath(devicePath, file)));
  return {
    vramTotalBytes: bytes("mem_info_vram_total"),
    vramUsedBytes: bytes("mem_info_vram_used"),
    gttTotalBytes: bytes("mem_info_gtt_total"),
    gttUsedBytes: bytes("mem_info_gtt_used"),
  };
}

/** Non-waking: the board's FRU name; absent or empty on most consumer cards. */
export function readAmdgpuProductName(devicePath: string): string | null {
  return readLineOrNull(joinPath(devicePath, "product_name"));
}

/** May wake a runtime-suspended GPU on older kernels: call only when it is active. */
export function readAmdgpuActivity(devicePath: string): AmdgpuActivity {
  const percent = (file: string) => {
    const value = readIntOrNull(joinPath(devicePath, file));
    return value === null || value < 0 || value > 100 ? null : value;
  };
  const table = (file: string) => parseDpmTable(readTextOrNull(joinPath(devicePath, file)));
  return {
    gpuBusyPercent: percent("gpu_busy_percent"),
    memBusyPercent: percent("mem_busy_percent"),
    sclk: table("pp_dpm_sclk"),
    mclk: table("pp_dpm_mclk"),
  };
}

/**
 * `0: 852Mhz *` lines (trailing spaces and a deep-sleep `S: 19Mhz` level occur) → the starred
 * level and the highest one. Null when the text has no level at all.
 */
export function parseDpmTable(text: string | null): DpmClock | null {
  if (text === null) return null;
  let currentMHz: number | null = null;
  let maxMHz: number | null = null;
  for (const line of text.split("\n")) {
    const match = /^\s*\w+:\s*(\d+(?:\.\d+)?)\s*mhz\s*(\*)?\s*$/i.exec(line);
    if (!match) continue;
    const mhz = Number(match[1]);
    // 400 digits of "MHz" is a corrupt file, not a clock: Number() makes it Infinity.
    if (!Number.isFinite(mhz)) continue;
    if (match[2] === "*") currentMHz = mhz;
    if (maxMHz === null || mhz > maxMHz) maxMHz = mhz;
  }
  return maxMHz === null ? null : { currentMHz, maxMHz };
}

function nonNegative(value: number | null): number | null {
  return value === null || value < 0 ? null : value;
}
