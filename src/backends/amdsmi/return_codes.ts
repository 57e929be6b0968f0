/**
 * `amdsmi_status_t` values this backend acts on, and what they mean. Messages come from the
 * library's own `amdsmi_status_code_to_string`; the table here is the fallback for a code it
 * does not know, or a library without that function.
 */
import { VendorCallError } from "../../ffi/vendor_call_error.ts";

export const AmdsmiStatus = {
  SUCCESS: 0,
  INVAL: 1,
  NOT_SUPPORTED: 2,
  NOT_YET_IMPLEMENTED: 3,
  FAIL_LOAD_MODULE: 4,
  FAIL_LOAD_SYMBOL: 5,
  DRM_ERROR: 6,
  API_FAILED: 7,
  TIMEOUT: 8,
  RETRY: 9,
  NO_PERM: 10,
  INTERRUPT: 11,
  IO: 12,
  ADDRESS_FAULT: 13,
  FILE_ERROR: 14,
  OUT_OF_RESOURCES: 15,
  INTERNAL_EXCEPTION: 16,
  INPUT_OUT_OF_BOUNDS: 17,
  INIT_ERROR: 18,
  REFCOUNT_OVERFLOW: 19,
  BUSY: 30,
  NOT_FOUND: 31,
  NOT_INIT: 32,
  NO_SLOT: 33,
  DRIVER_NOT_LOADED: 34,
  NO_DATA: 40,
  INSUFFICIENT_SIZE: 41,
  UNEXPECTED_SIZE: 42,
  UNEXPECTED_DATA: 43,
  MAP_ERROR: 0xfffffffe,
  UNKNOWN_ERROR: 0xffffffff,
} as const;

const MESSAGES: ReadonlyMap<number, string> = new Map([
  [0, "success"],
  [1, "invalid parameters"],
  [2, "not supported"],
  [3, "not yet implemented"],
  [4, "failed to load a module"],
  [5, "failed to load a symbol"],
  [6, "DRM error"],
  [7, "API call failed"],
  [8, "timed out"],
  [9, "retry"],
  [10, "permission denied"],
  [11, "interrupted"],
  [12, "I/O error"],
  [13, "bad address"],
  [14, "file error"],
  [15, "not enough memory"],
  [16, "internal exception"],
  [17, "input out of bounds"],
  [18, "initialisation error"],
  [19, "reference count overflow"],
  [30, "device busy"],
  [31, "not found"],
  [32, "not initialised"],
  [33, "no more free slots"],
  [34, "driver not loaded"],
  [40, "no data"],
  [41, "insufficient size"],
  [42, "unexpected size"],
  [43, "unexpected data"],
  // The all-ones codes, named: "status 4294967295" would tell a reader nothing.
  [0xfffffffe, "map error (AMDSMI_STATUS_MAP_ERROR)"],
  [0xffffffff, "unknown error (AMDSMI_STATUS_UNKNOWN_ERROR)"],
]);

/**
 * The local message for a code.
 *
 * @example
 * ```ts
 * import { fallbackMessage } from "./return_codes.ts";
 * fallbackMessage(34); // "driver not loaded"
 * ```
 */
export function fallbackMessage(code: number): string {
  return MESSAGES.get(code) ?? `AMD SMI status ${code}`;
}

/** A failed AMD SMI call: the function, the status and its message. */
export class AmdsmiError extends VendorCallError {
  override name = "AmdsmiError";
}

/**
 * Codes that only mean "this device does not offer this value": the field is null and
 * nothing is worth reporting. A symbol this library does not export counts too (reported as
 * NOT_YET_IMPLEMENTED, the closest code AMD SMI has).
 */
export function isQuietlyUnsupported(code: number): boolean {
  return code === AmdsmiStatus.NOT_SUPPORTED || code === AmdsmiStatus.NOT_YET_IMPLEMENTED ||
    code === AmdsmiStatus.NOT_FOUND || code === AmdsmiStatus.NO_DATA;
}

/** Codes after which nothing more can be read from this device (or the library). */
export function isFatalForDevice(code: number): boolean {
  return code === AmdsmiStatus.NOT_INIT || code === AmdsmiStatus.DRIVER_NOT_LOADED;
}

/** Init failures that mean "no AMD GPU to read here", not a fault. */
export function isUnavailableAtInit(code: number): boolean {
  return code === AmdsmiStatus.DRIVER_NOT_LOADED || code === AmdsmiStatus.INIT_ERROR;
}
