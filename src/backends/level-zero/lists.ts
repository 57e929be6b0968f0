/**
 * Level Zero's lists: handle enumerations (drivers, devices, a device's components) and the
 * process states of a device. Both ask for the count first and fetch after
 * (src/ffi/sized_list.ts); a list that cannot be had whole is a `ZeError` naming the call.
 */
import {
  eachEntry,
  fetchSizedList,
  handlesIn,
  listEntries,
  type ListRefusals,
} from "../../ffi/sized_list.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { type ZeError, ZeResult } from "./return_codes.ts";
import { PROCESS_STATE, STYPE } from "./types.ts";

/** A list Level Zero could not give whole, in its words (its errors start with the call). */
const REFUSED: ListRefusals = {
  codes: { tooMany: ZeResult.ERROR_INVALID_SIZE, keptGrowing: ZeResult.ERROR_INVALID_SIZE },
  tooMany: (reported, limit) => `count ${reported} refused (more than ${limit})`,
  keptGrowing: (count) => `list kept growing (${count} entries)`,
};

/** An opaque handle as Deno passes it back (`null` never comes from a successful call). */
export type ZeHandle = Deno.PointerValue;

/** Which enumeration a handle list comes from. */
export type HandleList =
  | "zesDeviceEnumMemoryModules"
  | "zesDeviceEnumEngineGroups"
  | "zesDeviceEnumFrequencyDomains"
  | "zesDeviceEnumTemperatureSensors"
  | "zesDeviceEnumPowerDomains"
  | "zesDeviceEnumRasErrorSets";

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
  return handlesIn(listEntries(result, calls, name, REFUSED));
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
  const list = listEntries(result, calls, name, REFUSED);
  return eachEntry(list, layout.size, (view, base) => ({
    pid: view.u32(base + layout.processId),
    memoryBytes: view.u64(base + layout.memSize),
    sharedBytes: view.u64(base + layout.sharedSize),
    engineFlags: view.u32(base + layout.engines),
  }));
}
