/**
 * The NVML calls behind a device's health fields (read_health.ts turns them into fields).
 * Each throws `NvmlError` on failure, as every library call does; a symbol the driver does
 * not export fails as FUNCTION_NOT_FOUND, which the field reader counts as unsupported.
 */
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { newestSymbol } from "../../ffi/newest_symbol.ts";
import type { NvmlError } from "./return_codes.ts";
import { NvmlReturn } from "./return_codes.ts";
import type { NvmlSymbols } from "./symbols.ts";

type DeviceHandle = Deno.PointerValue;

/** nvmlMemoryErrorType_t */
export const MEMORY_ERROR_CORRECTED = 0;
export const MEMORY_ERROR_UNCORRECTED = 1;
/** nvmlEccCounterType_t */
export const ECC_COUNTER_VOLATILE = 0;
export const ECC_COUNTER_AGGREGATE = 1;
/** nvmlPageRetirementCause_t: multiple single-bit errors, one double-bit error. */
export const RETIREMENT_CAUSES = [0, 1] as const;
/** nvmlEnableState_t */
export const FEATURE_ENABLED = 1;

/** What `nvmlDeviceGetRemappedRows` reports (Ampere and later). */
export interface RemappedRows {
  corrected: number;
  uncorrected: number;
  pending: boolean;
  failed: boolean;
}

/** The health calls of one loaded library. */
export class NvmlHealthCalls {
  readonly #symbols: NvmlSymbols;
  readonly #calls: VendorCalls<NvmlError>;

  constructor(symbols: NvmlSymbols, calls: VendorCalls<NvmlError>) {
    this.#symbols = symbols;
    this.#calls = calls;
  }

  /** The current ECC mode (the pending one applies after a reset). */
  eccEnabled(device: DeviceHandle): boolean {
    const fn = this.#symbols.nvmlDeviceGetEccMode;
    const pending = new Uint32Array(1);
    const name = "nvmlDeviceGetEccMode";
    return this.#calls.u32(name, (out) => fn ? fn(device, out, pending) : null) ===
      FEATURE_ENABLED;
  }

  /** One ECC counter: error type × counter type. */
  eccCount(device: DeviceHandle, errorType: number, counterType: number): bigint {
    const fn = this.#symbols.nvmlDeviceGetTotalEccErrors;
    const name = "nvmlDeviceGetTotalEccErrors";
    return this.#calls.u64(name, (out) => fn ? fn(device, errorType, counterType, out) : null);
  }

  /** Remapped rows, pending and failed remaps. */
  remappedRows(device: DeviceHandle): RemappedRows {
    const fn = this.#symbols.nvmlDeviceGetRemappedRows;
    const [corr, unc, pending, failed] = [0, 1, 2, 3].map(() => new Uint32Array(1));
    this.#calls.check(
      "nvmlDeviceGetRemappedRows",
      fn ? fn(device, corr!, unc!, pending!, failed!) : null,
    );
    return {
      corrected: corr![0]!,
      uncorrected: unc![0]!,
      pending: pending![0] !== 0,
      failed: failed![0] !== 0,
    };
  }

  /**
   * Retired pages of every cause (before Ampere). Asked with a zero-sized buffer: the count
   * comes back with SUCCESS (none) or INSUFFICIENT_SIZE (some), and no address is needed.
   */
  retiredPages(device: DeviceHandle): number {
    const fn = this.#symbols.nvmlDeviceGetRetiredPages;
    let total = 0;
    for (const cause of RETIREMENT_CAUSES) {
      const count = new Uint32Array(1);
      const code = fn ? fn(device, cause, count, null) : null;
      const answered = code === NvmlReturn.INSUFFICIENT_SIZE ? NvmlReturn.SUCCESS : code;
      this.#calls.check("nvmlDeviceGetRetiredPages", answered);
      total += count[0]!;
    }
    return total;
  }

  /** Whether retired pages wait for a reset (before Ampere). */
  retirementPending(device: DeviceHandle): boolean {
    const fn = this.#symbols.nvmlDeviceGetRetiredPagesPendingStatus;
    const name = "nvmlDeviceGetRetiredPagesPendingStatus";
    return this.#calls.u32(name, (out) => fn ? fn(device, out) : null) === FEATURE_ENABLED;
  }

  /** The clock event reason mask, through the newer name when the driver exports it. */
  clockEventReasonMask(device: DeviceHandle): bigint {
    const fn = newestSymbol(this.#symbols, [
      "nvmlDeviceGetCurrentClocksEventReasons",
      "nvmlDeviceGetCurrentClocksThrottleReasons",
    ]);
    const name = fn?.name ?? "nvmlDeviceGetCurrentClocksEventReasons";
    return this.#calls.u64(name, (out) => fn ? fn.call(device, out) : null);
  }
}
