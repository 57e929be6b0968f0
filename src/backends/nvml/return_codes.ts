/**
 * `nvmlReturn_t` values and what they mean. Messages come from the library's own
 * `nvmlErrorString`; the table here is the fallback for a code it does not know (or a
 * library without the function), worded as the 535 driver words them.
 */
import { VendorCallError } from "../../ffi/vendor_call_error.ts";

/** The return codes this backend acts on (nvml.h, driver 535). */
export const NvmlReturn = {
  SUCCESS: 0,
  UNINITIALIZED: 1,
  INVALID_ARGUMENT: 2,
  NOT_SUPPORTED: 3,
  NO_PERMISSION: 4,
  ALREADY_INITIALIZED: 5,
  NOT_FOUND: 6,
  INSUFFICIENT_SIZE: 7,
  INSUFFICIENT_POWER: 8,
  DRIVER_NOT_LOADED: 9,
  TIMEOUT: 10,
  IRQ_ISSUE: 11,
  LIBRARY_NOT_FOUND: 12,
  FUNCTION_NOT_FOUND: 13,
  CORRUPTED_INFOROM: 14,
  GPU_IS_LOST: 15,
  RESET_REQUIRED: 16,
  OPERATING_SYSTEM: 17,
  LIB_RM_VERSION_MISMATCH: 18,
  IN_USE: 19,
  MEMORY: 20,
  NO_DATA: 21,
  VGPU_ECC_NOT_SUPPORTED: 22,
  INSUFFICIENT_RESOURCES: 23,
  FREQ_NOT_SUPPORTED: 24,
  ARGUMENT_VERSION_MISMATCH: 25,
  DEPRECATED: 26,
  UNKNOWN: 999,
} as const;

const MESSAGES: ReadonlyMap<number, string> = new Map([
  [0, "Success"],
  [1, "Uninitialized"],
  [2, "Invalid Argument"],
  [3, "Not Supported"],
  [4, "Insufficient Permissions"],
  [5, "Already Initialized"],
  [6, "Not Found"],
  [7, "Insufficient Size"],
  [8, "Insufficient External Power"],
  [9, "Driver Not Loaded"],
  [10, "Timeout"],
  [11, "Interrupt Request Issue"],
  [12, "NVML Shared Library Not Found"],
  [13, "Function Not Found"],
  [14, "Corrupted infoROM"],
  [15, "GPU is lost"],
  [16, "GPU requires reset"],
  [17, "GPU access blocked by the operating system"],
  [18, "Driver/library version mismatch"],
  [19, "In use by another client"],
  [20, "Insufficient Memory"],
  [21, "No data"],
  [22, "vGPU ECC not supported"],
  [23, "Insufficient Resources"],
  [24, "Invalid Frequency"],
  [25, "Argument version mismatch"],
  [26, "Requested functionality has been deprecated"],
  [999, "Unknown Error"],
]);

/**
 * The local message for a code: the table's text, or `NVML error <code>` for a code the
 * table does not know.
 *
 * @example
 * ```ts
 * import { fallbackMessage } from "./return_codes.ts";
 * fallbackMessage(15); // "GPU is lost"
 * ```
 */
export function fallbackMessage(code: number): string {
  return MESSAGES.get(code) ?? `NVML error ${code}`;
}

/** A failed NVML call: the function, the code and its message. */
export class NvmlError extends VendorCallError {
  override name = "NvmlError";

  /** The NVML function that failed (the same as `symbol`). */
  get function(): string {
    return this.symbol;
  }
}

/**
 * Codes that only mean "this device does not offer this value": the field is null and
 * nothing is worth reporting. A symbol this library does not export counts too.
 */
export function isQuietlyUnsupported(code: number): boolean {
  return code === NvmlReturn.NOT_SUPPORTED || code === NvmlReturn.NOT_FOUND ||
    code === NvmlReturn.NO_DATA || code === NvmlReturn.FUNCTION_NOT_FOUND ||
    code === NvmlReturn.DEPRECATED;
}

/** Codes after which nothing more can be read from the device (or from NVML at all). */
export function isFatalForDevice(code: number): boolean {
  return code === NvmlReturn.GPU_IS_LOST || code === NvmlReturn.RESET_REQUIRED ||
    code === NvmlReturn.UNINITIALIZED || code === NvmlReturn.DRIVER_NOT_LOADED ||
    code === NvmlReturn.LIB_RM_VERSION_MISMATCH;
}
