/**
 * Reading a device's optional fields from a vendor library: a failed call makes that field
 * null and, unless the code only means "not offered here", adds a problem to the device's
 * `error`; a code that means the device (or library) is gone stops every later read.
 */
import type { VendorCallError } from "./vendor_call_error.ts";

/** How one library's failure codes count for a field read. */
export interface FieldErrorCodes {
  /** The backend's error class; any other exception is a bug and is thrown on. */
  errorType: new (...args: never[]) => VendorCallError;
  /** Nothing more can be read from this device after this code. */
  isFatalForDevice(code: number): boolean;
  /** The code only says the device does not offer this value: null, nothing reported. */
  isQuietlyUnsupported(code: number): boolean;
  /** Whether the fatal message names the field that met it (`"power: …"`). */
  labelFatal?: boolean;
}

/** Runs field reads, turning the library's failures into nulls and remembering what went wrong. */
export class FieldReader {
  readonly #codes: FieldErrorCodes;
  #fatal: string | null = null;
  readonly #problems: string[] = [];

  constructor(codes: FieldErrorCodes) {
    this.#codes = codes;
  }

  /** True once a failure means nothing more can be read from this device. */
  get lost(): boolean {
    return this.#fatal !== null;
  }

  /** The device's `error`: the fatal message first, then each unexpected field failure. */
  get error(): string | null {
    const parts = this.#fatal === null ? this.#problems : [this.#fatal, ...this.#problems];
    return parts.length === 0 ? null : parts.join("; ");
  }

  /** `call()`'s value, or null when it failed (and from the first fatal failure on). */
  read<T>(label: string, call: () => T): T | null {
    if (this.#fatal !== null) return null;
    try {
      return call();
    } catch (error) {
      if (!(error instanceof this.#codes.errorType)) throw error;
      const codes = this.#codes;
      if (codes.isFatalForDevice(error.code)) {
        this.#fatal = codes.labelFatal === true ? `${label}: ${error.message}` : error.message;
      } else if (!codes.isQuietlyUnsupported(error.code)) {
        this.#problems.push(`${label}: ${error.message}`);
      }
      return null;
    }
  }
}

/** `map(value)`, or null when there is no value. */
export function mapOrNull<T, R>(value: T | null, map: (value: T) => R | null): R | null {
  return value === null ? null : map(value);
}

/** `call()`'s value, or null when it throws the library's error (anything else is thrown on). */
export function nullOnError<T>(
  errorType: new (...args: never[]) => VendorCallError,
  call: () => T,
): T | null {
  try {
    return call();
  } catch (error) {
    if (error instanceof errorType) return null;
    throw error;
  }
}
