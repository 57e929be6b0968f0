/**
 * `ze_result_t` values and their names. The loader has no `zeErrorString`, so the names
 * and sentences here are the only text a user sees.
 */
import { VendorCallError } from "../../ffi/vendor_call_error.ts";

export const ZeResult = {
  SUCCESS: 0,
  NOT_READY: 1,
  ERROR_DEVICE_LOST: 0x70000001,
  ERROR_OUT_OF_HOST_MEMORY: 0x70000002,
  ERROR_OUT_OF_DEVICE_MEMORY: 0x70000003,
  ERROR_DEVICE_REQUIRES_RESET: 0x70000006,
  ERROR_DEVICE_IN_LOW_POWER_STATE: 0x70000007,
  ERROR_INSUFFICIENT_PERMISSIONS: 0x70010000,
  ERROR_NOT_AVAILABLE: 0x70010001,
  ERROR_DEPENDENCY_UNAVAILABLE: 0x70020000,
  WARNING_DROPPED_DATA: 0x70020001,
  ERROR_UNINITIALIZED: 0x78000001,
  ERROR_UNSUPPORTED_VERSION: 0x78000002,
  ERROR_UNSUPPORTED_FEATURE: 0x78000003,
  ERROR_INVALID_ARGUMENT: 0x78000004,
  ERROR_INVALID_NULL_HANDLE: 0x78000005,
  ERROR_HANDLE_OBJECT_IN_USE: 0x78000006,
  ERROR_INVALID_NULL_POINTER: 0x78000007,
  ERROR_INVALID_SIZE: 0x78000008,
  ERROR_UNSUPPORTED_SIZE: 0x78000009,
  ERROR_INVALID_ENUMERATION: 0x7800000c,
  ERROR_UNSUPPORTED_ENUMERATION: 0x7800000d,
  WARNING_ACTION_REQUIRED: 0x7800001b,
  ERROR_UNKNOWN: 0x7ffffffe,
} as const;

const NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(ZeResult).map(([name, code]) => [code, `ZE_RESULT_${name}`]),
);

/** Plain sentences for the codes a user is likely to meet. */
const SENTENCES: ReadonlyMap<number, string> = new Map([
  [ZeResult.ERROR_UNINITIALIZED, "no Level Zero GPU driver is installed or none initialised"],
  [ZeResult.ERROR_DEPENDENCY_UNAVAILABLE, "a library the Level Zero driver needs is missing"],
  [ZeResult.ERROR_INSUFFICIENT_PERMISSIONS, "permission denied (try as root or the render group)"],
  [ZeResult.ERROR_UNSUPPORTED_FEATURE, "not supported by this device or driver"],
  [ZeResult.ERROR_DEVICE_LOST, "the GPU was lost (hung or removed)"],
  [ZeResult.ERROR_NOT_AVAILABLE, "not available right now"],
]);

/**
 * `ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)`, or `unknown result 0x12345678`.
 *
 * @example
 * ```ts
 * import { resultName } from "./return_codes.ts";
 * resultName(0x78000001); // "ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)"
 * ```
 */
export function resultName(code: number): string {
  const hex = `0x${(code >>> 0).toString(16).padStart(8, "0")}`;
  const name = NAMES.get(code);
  return name === undefined ? `unknown result ${hex}` : `${name} (${hex})`;
}

/** The name with a sentence when one is known: what a status detail shows. */
export function describeResult(code: number): string {
  const sentence = SENTENCES.get(code);
  return sentence === undefined ? resultName(code) : `${resultName(code)}: ${sentence}`;
}

/** A failed Level Zero call. */
export class ZeError extends VendorCallError {
  override name = "ZeError";
}

/** Codes that only mean "this device does not offer this value": null, nothing to report. */
export function isQuietlyUnsupported(code: number): boolean {
  return code === ZeResult.ERROR_UNSUPPORTED_FEATURE || code === ZeResult.ERROR_NOT_AVAILABLE ||
    code === ZeResult.ERROR_UNSUPPORTED_ENUMERATION;
}

/** Codes after which nothing more can be read from the device. */
export function isFatalForDevice(code: number): boolean {
  return code === ZeResult.ERROR_DEVICE_LOST || code === ZeResult.ERROR_UNINITIALIZED ||
    code === ZeResult.ERROR_DEVICE_REQUIRES_RESET;
}
