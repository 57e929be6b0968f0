/**
 * NVML's two per-device lists: the running processes (compute or graphics, in the entry size
 * of the variant chosen at open) and the per-process utilisation samples. Both are fetched
 * with the size query first and retried when the list grows in between (src/ffi/sized_list.ts);
 * a list that cannot be had whole is an `NvmlError`, never a silent cut.
 */
import { eachEntry, fetchSizedList, listEntries, type ListRefusals } from "../../ffi/sized_list.ts";
import type { StructBuffer } from "../../ffi/struct_reader.ts";
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { type NvmlError, NvmlReturn } from "./return_codes.ts";
import type { NvmlSymbols } from "./symbols.ts";
import { PROCESS_INFO_V1, PROCESS_UTILIZATION_SAMPLE } from "./types.ts";
import type { ProcessListVariant } from "./variants.ts";

/** A list NVML could not give whole, in its words: both as INSUFFICIENT_SIZE. */
const REFUSED: ListRefusals = {
  codes: { tooMany: NvmlReturn.INSUFFICIENT_SIZE, keptGrowing: NvmlReturn.INSUFFICIENT_SIZE },
  tooMany: (reported, limit) => `list of ${reported} entries refused (more than ${limit})`,
  keptGrowing: (count, attempts) =>
    `list kept growing (${count} entries after ${attempts} attempts)`,
};

/** Which process list a call reads. */
export type ProcessListKind = "compute" | "graphics";

/** One entry of a running-process list. */
export interface NvmlProcessInfo {
  pid: number;
  /** Bytes; `VALUE_NOT_AVAILABLE_U64` under Windows WDDM. */
  usedGpuMemory: bigint;
}

/** One `nvmlProcessUtilizationSample_t`. */
export interface NvmlProcessSample {
  pid: number;
  timeStampUs: bigint;
  smUtil: number;
  memUtil: number;
  encUtil: number;
  decUtil: number;
}

/** A running-process list through `variant` (null: this library exports none of its kind). */
export function readRunningProcesses(
  calls: VendorCalls<NvmlError>,
  variant: ProcessListVariant | null,
  kind: ProcessListKind,
  device: Deno.PointerValue,
): NvmlProcessInfo[] {
  const name = variant?.symbol ??
    `nvmlDevice${kind === "compute" ? "Compute" : "Graphics"}RunningProcesses`;
  if (!variant) throw calls.notExported(name);
  const list = fetchList(calls, name, variant.stride, (count, infos) => {
    return variant.call(device, count, infos);
  });
  return eachEntry(list, variant.stride, (view, base) => ({
    pid: view.u32(base + PROCESS_INFO_V1.pid),
    usedGpuMemory: view.u64(base + PROCESS_INFO_V1.usedGpuMemory),
  }));
}

/** Per-process utilisation samples newer than `lastSeenUs` (CPU µs; 0 = all buffered). */
export function readProcessUtilization(
  calls: VendorCalls<NvmlError>,
  symbols: NvmlSymbols,
  device: Deno.PointerValue,
  lastSeenUs: bigint,
): NvmlProcessSample[] {
  const fn = symbols.nvmlDeviceGetProcessUtilization;
  const name = "nvmlDeviceGetProcessUtilization";
  if (!fn) throw calls.notExported(name);
  const layout = PROCESS_UTILIZATION_SAMPLE;
  const list = fetchList(calls, name, layout.size, (count, samples) => {
    return fn(device, samples, count, lastSeenUs);
  });
  return eachEntry(list, layout.size, (view, base) => ({
    pid: view.u32(base + layout.pid),
    timeStampUs: view.u64(base + layout.timeStamp),
    smUtil: view.u32(base + layout.smUtil),
    memUtil: view.u32(base + layout.memUtil),
    encUtil: view.u32(base + layout.encUtil),
    decUtil: view.u32(base + layout.decUtil),
  }));
}

function fetchList(
  calls: VendorCalls<NvmlError>,
  name: string,
  stride: number,
  call: (count: Uint32Array, buffer: Uint8Array | null) => number,
): { count: number; view: StructBuffer } {
  const result = fetchSizedList(call, {
    stride,
    success: NvmlReturn.SUCCESS,
    tooSmall: NvmlReturn.INSUFFICIENT_SIZE,
  });
  return listEntries(result, calls, name, REFUSED);
}
