/**
 * Level Zero's lists: handle enumerations (drivers, devices, a device's components) and the
 * process states of a device. Both ask for the count first and fetch after
 * (src/ffi/sized_list.ts); a list that cannot be had whole is a `ZeError` naming the call.
 */
import { fetchSizedList, listEntries, type SizedListResult } from "../../ffi/sized_list.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { ZeError, ZeResult } from "./return_codes.ts";
import { PROCESS_STATE, STYPE } from "./types.ts";

/** An opaque handle as Deno passes it back (`null` never comes from a successful call). */
export type ZeHandle = Deno.PointerValue;

/** Which enumeration a handle list comes from. */
export type HandleList =
  | "zesDeviceEnumMemoryModules"
  | "zesDeviceEnumEngineGroups"
  | "zesDeviceEnumFrequencyDomains"
  | "zesDeviceEnumTemperatureSensors"
  | "zesDeviceEnumPowerDomains";

/** One `zes_process_state_t`. */
export interface ZeProcessState {
  pid: number;
  memoryBytes: bigint;
  sharedBytes: bigint;
  engineFlags: number;
}

/** `(device, uint32_t *count, zes_process_state_t *processes)`. */
type ProcessStatesCall = (
  device: ZeHandle,
  count: Uint32Array,
  buffer: Uint8Array | null,
) => number;

/** The handles one enumeration call lists. */
export function readHandles(
  calls: VendorCalls<ZeError>,
  name: string,
  call: (count: Uint32Array, out: Uint8Array | null) => number,
): ZeHandle[] {
  const result = fetchSizedList(call, {
    stride: 8,
    success: ZeResult.SUCCESS,
    // Handle enumerations never say "too small"; they fill what fits.
    tooSmall: ZeResult.ERROR_INVALID_SIZE,
  });
  const list = entriesOf(calls, name, result);
  const handles: ZeHandle[] = [];
  for (let i = 0; i < list.count; i++) {
    handles.push(Deno.UnsafePointer.create(list.view.u64(i * 8)));
  }
  return handles;
}

/** Every process using the device, retried when the list grows between the two calls. */
export function readProcessStates(
  calls: VendorCalls<ZeError>,
  fn: ProcessStatesCall | null,
  device: ZeHandle,
): ZeProcessState[] {
  const name = "zesDeviceProcessesGetState";
  if (fn === null) throw calls.notExported(name);
  const layout = PROCESS_STATE;
  const result = fetchSizedList((count, buffer) => fn(device, count, buffer), {
    stride: layout.size,
    success: ZeResult.SUCCESS,
    tooSmall: ZeResult.ERROR_INVALID_SIZE,
    prepare(bytes, capacity) {
      const view = new StructBuffer(bytes);
      for (let i = 0; i < capacity; i++) view.setU32(i * layout.size, STYPE.processState);
    },
  });
  const list = entriesOf(calls, name, result);
  const entries: ZeProcessState[] = [];
  for (let i = 0; i < list.count; i++) {
    const base = i * layout.size;
    entries.push({
      pid: list.view.u32(base + layout.processId),
      memoryBytes: list.view.u64(base + layout.memSize),
      sharedBytes: list.view.u64(base + layout.sharedSize),
      engineFlags: list.view.u32(base + layout.engines),
    });
  }
  return entries;
}

function entriesOf(
  calls: VendorCalls<ZeError>,
  name: string,
  result: SizedListResult,
): { count: number; view: StructBuffer } {
  return listEntries(result, {
    error: (code) => calls.error(name, code),
    tooMany: ({ reported, maxCount }) =>
      new ZeError(
        ZeResult.ERROR_INVALID_SIZE,
        name,
        `${name}: count ${reported} refused (more than ${maxCount})`,
      ),
    keptGrowing: ({ lastCount }) =>
      new ZeError(
        ZeResult.ERROR_INVALID_SIZE,
        name,
        `${name}: list kept growing (${lastCount} entries)`,
      ),
  });
}
