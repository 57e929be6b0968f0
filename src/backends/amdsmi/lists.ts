/**
 * AMD SMI's lists as `AmdsmiError`s when they cannot be had whole: socket and processor
 * handles (a count query, then one fetch) and a GPU's process list, in either ABI form (the
 * 6.0.x / 6.1.0 list of pids, each looked up on its own, or the later list of structs). The
 * protocols themselves, with every count bounded, are bounded_list.ts.
 */
import { eachEntry, handlesIn, listEntries, type ListRefusals } from "../../ffi/sized_list.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { fetchGrowingList, fetchHandleList, type ListCall } from "./bounded_list.ts";
import { type AmdsmiError, AmdsmiStatus } from "./return_codes.ts";
import type { AmdsmiSymbols } from "./symbols.ts";
import {
  FIRST_PROCESS_CAPACITY,
  HANDLE_SIZE,
  type LayoutSet,
  MAX_PROCESSES,
  MAX_STRUCT_SIZE,
  PROCESS_HANDLE_SIZE,
} from "./types.ts";

export type Handle = Deno.PointerValue;

/** A list AMD SMI could not give whole, in its words. */
const REFUSED: ListRefusals = {
  codes: { tooMany: AmdsmiStatus.UNEXPECTED_DATA, keptGrowing: AmdsmiStatus.OUT_OF_RESOURCES },
  tooMany: (reported, limit) =>
    `library reported ${reported} entries (more than ${limit}); not trusted`,
  keptGrowing: (count, attempts) =>
    `list kept growing (${count} entries after ${attempts} attempts)`,
};

/** One process on one GPU, as the library reports it. */
export interface AmdsmiProcess {
  pid: number;
  name: string;
  /** Bytes, all placements. */
  memBytes: bigint;
  vramBytes: bigint;
  gttBytes: bigint;
  cpuBytes: bigint;
  /** Cumulative busy time, ns. */
  gfxNs: bigint;
  encNs: bigint;
}

/** The handles one call lists, at most `limit` of them. */
export function readHandles(
  calls: VendorCalls<AmdsmiError>,
  name: string,
  limit: number,
  call: ListCall,
): Handle[] {
  const result = fetchHandleList(call, {
    stride: HANDLE_SIZE,
    success: AmdsmiStatus.SUCCESS,
    limit,
  });
  return handlesIn(listEntries(result, calls, name, REFUSED));
}

/** How one GPU's process list is read. */
export interface ProcessListSource {
  calls: VendorCalls<AmdsmiError>;
  /** `amdsmi_get_gpu_process_list` for this GPU. */
  list: ListCall;
  /**
   * `amdsmi_get_gpu_process_info`, one pid at a time: exported only by the 6.0.x / 6.1.0 ABI,
   * whose process list holds only pids (6.1.1 removed it when the list became structs).
   */
  info: AmdsmiSymbols["amdsmi_get_gpu_process_info"];
  handle: Handle;
  layout: LayoutSet["procInfo"];
}

/** Every process on the GPU, in either ABI form; throws rather than truncate. */
export function readProcessList(source: ProcessListSource): AmdsmiProcess[] {
  const pidOnly = source.info !== null;
  const stride = pidOnly ? PROCESS_HANDLE_SIZE : source.layout.size;
  const result = fetchGrowingList(source.list, {
    stride,
    success: AmdsmiStatus.SUCCESS,
    tooSmall: AmdsmiStatus.OUT_OF_RESOURCES,
    firstCapacity: FIRST_PROCESS_CAPACITY,
    limit: MAX_PROCESSES,
  });
  const list = listEntries(result, source.calls, "amdsmi_get_gpu_process_list", REFUSED);
  if (!pidOnly) {
    return eachEntry(list, stride, (view, base) => decodeProcess(source.layout, view, base));
  }
  return eachEntry(list, stride, (view, base) => processInfo(source, view.u32(base)))
    .filter((process) => process !== null);
}

/**
 * 6.0.x / 6.1.0: one `amdsmi_get_gpu_process_info` per pid of the list; null for a process
 * that ended since the list was taken (NOT_FOUND).
 */
function processInfo(source: ProcessListSource, pid: number): AmdsmiProcess | null {
  const fn = source.info;
  const info = new StructBuffer(MAX_STRUCT_SIZE.procInfo);
  const code = fn ? fn(source.handle, pid, info.bytes) : null;
  if (code === AmdsmiStatus.NOT_FOUND) return null;
  source.calls.check("amdsmi_get_gpu_process_info", code);
  const read = decodeProcess(source.layout, info, 0);
  // The list named this pid; a library that echoes another one is not trusted on it.
  return { ...read, pid };
}

function decodeProcess(
  layout: LayoutSet["procInfo"],
  view: StructBuffer,
  base: number,
): AmdsmiProcess {
  return {
    pid: view.u32(base + layout.pid),
    name: view.string(base + layout.name, layout.nameLength),
    memBytes: view.u64(base + layout.mem),
    vramBytes: view.u64(base + layout.vramMem),
    gttBytes: view.u64(base + layout.gttMem),
    cpuBytes: view.u64(base + layout.cpuMem),
    gfxNs: view.u64(base + layout.engineGfx),
    encNs: view.u64(base + layout.engineEnc),
  };
}
