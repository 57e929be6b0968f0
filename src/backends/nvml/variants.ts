/**
 * Which variant of each versioned NVML entry point to call, picked once from what the
 * loaded library exports: the newest present, with the entry size that variant writes.
 */
import { newestSymbol } from "../../ffi/newest_symbol.ts";
import type { NvmlSymbols } from "./symbols.ts";
import { PROCESS_INFO_V1, PROCESS_INFO_V2, PROCESS_INFO_V3_WIDE } from "./types.ts";

/** `(nvmlDevice_t, unsigned int *infoCount, nvmlProcessInfo*_t *infos)`. */
export type ProcessListFunction = (
  device: Deno.PointerValue,
  count: Uint32Array,
  infos: Uint8Array | null,
) => number;

/** A running-process entry point and the bytes per entry it writes. */
export interface ProcessListVariant {
  symbol: string;
  stride: number;
  call: ProcessListFunction;
}

/** The entry points chosen, by name, for tests and diagnostics. */
export interface NvmlChoices {
  init: string | null;
  memory: string | null;
  computeProcesses: string | null;
  graphicsProcesses: string | null;
  processEntryBytes: number | null;
}

/** The process-list variants for this library: `_v3` → `_v2` → v1. */
export function chooseProcessLists(
  s: NvmlSymbols,
): { compute: ProcessListVariant | null; graphics: ProcessListVariant | null } {
  // Early R535 drivers wrote 32-byte entries from `_v3`: they export the confidential
  // computing calls but not yet RunningProcessDetailList (the heuristic nvitop uses).
  // Every other driver with `_v3` writes the header's 24-byte nvmlProcessInfo_t.
  const v3Stride = s.nvmlDeviceGetConfComputeMemSizeInfo !== null &&
      s.nvmlDeviceGetRunningProcessDetailList === null
    ? PROCESS_INFO_V3_WIDE.size
    : PROCESS_INFO_V2.size;
  const strides = [v3Stride, PROCESS_INFO_V2.size, PROCESS_INFO_V1.size];
  const pick = (kind: "Compute" | "Graphics"): ProcessListVariant | null => {
    const base = `nvmlDeviceGet${kind}RunningProcesses` as const;
    const names = [`${base}_v3`, `${base}_v2`, base] as const;
    const chosen = newestSymbol(s, names);
    if (chosen === null) return null;
    const stride = strides[names.indexOf(chosen.name as typeof names[number])] ?? 0;
    return { symbol: chosen.name, stride, call: chosen.call };
  };
  return { compute: pick("Compute"), graphics: pick("Graphics") };
}

/** Names the variants chosen, for tests and diagnostics. */
export function describeChoices(
  s: NvmlSymbols,
  lists: { compute: ProcessListVariant | null; graphics: ProcessListVariant | null },
): NvmlChoices {
  return {
    init: newestSymbol(s, ["nvmlInit_v2", "nvmlInit"])?.name ?? null,
    memory: newestSymbol(s, ["nvmlDeviceGetMemoryInfo_v2", "nvmlDeviceGetMemoryInfo"])?.name ??
      null,
    computeProcesses: lists.compute?.symbol ?? null,
    graphicsProcesses: lists.graphics?.symbol ?? null,
    processEntryBytes: lists.compute?.stride ?? lists.graphics?.stride ?? null,
  };
}
