/**
 * Chip information from macmon. There is no separate `macmon --soc-info` command: since
 * 0.6.1, `macmon pipe --soc-info` adds a `soc` object to every JSON line (`SocInfo` in
 * macmon's `sources.rs`; `macmon serve`'s `/json` prints the same). Its `chip_name` is the
 * `machdep.cpu.brand_string` sysctl, e.g. `Apple M1 Max`, or `Unknown chip` when macmon
 * had to fall back to `system_profiler` and found none.
 */
import { MacmonSocSchema } from "./schema.ts";

/** Name of the device when macmon does not say which chip it is. */
export const FALLBACK_DEVICE_NAME = "Apple GPU";

export interface MacmonSocInfo {
  /** e.g. `Apple M1 Max`; null when absent or macmon's `Unknown chip` placeholder. */
  chipName: string | null;
  /** e.g. `MacBookPro18,2`. */
  macModel: string | null;
  gpuCores: number | null;
  memoryGb: number | null;
}

const PLACEHOLDERS = new Set(["", "unknown chip"]);

/** Parses a `soc` value; null when it is absent or not an object of the known shape. */
export function parseSocInfo(value: unknown): MacmonSocInfo | null {
  if (value === undefined || value === null) return null;
  const parsed = MacmonSocSchema.safeParse(value);
  if (!parsed.success) return null;
  const soc = parsed.data;
  const chip = soc.chip_name?.trim() ?? "";
  const model = soc.mac_model?.trim() ?? "";
  return {
    chipName: PLACEHOLDERS.has(chip.toLowerCase()) ? null : chip,
    macModel: model === "" || model === "Unknown model" ? null : model,
    gpuCores: positiveOrNull(soc.gpu_cores),
    memoryGb: positiveOrNull(soc.memory_gb),
  };
}

/** The device name: the chip name when known, else `Apple GPU`. */
export function deviceNameFromSoc(soc: MacmonSocInfo | null): string {
  return soc?.chipName ?? FALLBACK_DEVICE_NAME;
}

function positiveOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}
