/**
 * A failed call into a vendor library as data: the numeric code the library returned, the
 * symbol that returned it and a message. Each backend says which code means success, which
 * code stands for "this library does not export the function" and how a code reads as text;
 * {@linkcode vendorCalls} turns that into the `check` / `error` / `notExported` helpers.
 */

import { StructBuffer } from "./struct_reader.ts";

/** A vendor library call that returned a failure code (or was not exported). */
export class VendorCallError extends Error {
  override name = "VendorCallError";
  /** The library's return code (for a missing export, the code the backend chose for it). */
  readonly code: number;
  /** The symbol called, e.g. `nvmlDeviceGetPowerUsage`. */
  readonly symbol: string;

  constructor(code: number, symbol: string, message: string) {
    super(message);
    this.code = code;
    this.symbol = symbol;
  }
}

/** How one library's return codes read. */
export interface VendorCodes<E extends VendorCallError> {
  /** The success code (0 for NVML, Level Zero and AMD SMI). */
  success: number;
  /** The code reported for a symbol the loaded library does not export. */
  notExported: number;
  /** The message for a code (the library's own text when it has one). */
  message(code: number): string;
  /** Builds the backend's error type. */
  create(code: number, symbol: string, message: string): E;
}

/** The helpers {@linkcode vendorCalls} returns. */
export interface VendorCalls<E extends VendorCallError> {
  /** Throws for a non-success code; `null` means the symbol is not exported. */
  check(symbol: string, code: number | null): void;
  /** The error for `code` returned by `symbol`. */
  error(symbol: string, code: number): E;
  /** The error for a symbol the library does not export. */
  notExported(symbol: string): E;
  /** An error of this library's type with a message of our own (a list refused, say). */
  failed(symbol: string, code: number, message: string): E;
  /** A call with one `unsigned int*` out-parameter: the value it wrote, once checked. */
  u32(symbol: string, call: (out: Uint32Array) => number | null): number;
  /** A call with one 64-bit out-parameter (a `uint64_t*` or a handle): the value it wrote. */
  u64(symbol: string, call: (out: BigUint64Array) => number | null): bigint;
  /** A call filling `size` bytes (a struct, a string): those bytes, once checked. */
  struct(symbol: string, size: number, call: (bytes: Uint8Array) => number | null): StructBuffer;
}

/**
 * Binds the helpers to one library's codes.
 *
 * @example
 * ```ts
 * import { VendorCallError, vendorCalls } from "./vendor_call_error.ts";
 * const calls = vendorCalls({
 *   success: 0,
 *   notExported: 13,
 *   message: (code) => `error ${code}`,
 *   create: (code, symbol, message) => new VendorCallError(code, symbol, message),
 * });
 * calls.check("fooInit", 0); // returns
 * ```
 */
export function vendorCalls<E extends VendorCallError>(codes: VendorCodes<E>): VendorCalls<E> {
  const notExported = (symbol: string): E =>
    codes.create(codes.notExported, symbol, notExportedMessage(symbol));
  const error = (symbol: string, code: number): E =>
    codes.create(code, symbol, codes.message(code));
  const check = (symbol: string, code: number | null): void => {
    if (code === null) throw notExported(symbol);
    if (code !== codes.success) throw error(symbol, code);
  };
  return {
    check,
    error,
    notExported,
    failed: (symbol, code, message) => codes.create(code, symbol, message),
    u32(symbol, call) {
      const out = new Uint32Array(1);
      check(symbol, call(out));
      return out[0] ?? 0;
    },
    u64(symbol, call) {
      const out = new BigUint64Array(1);
      check(symbol, call(out));
      return out[0] ?? 0n;
    },
    struct(symbol, size, call) {
      const buffer = new StructBuffer(size);
      check(symbol, call(buffer.bytes));
      return buffer;
    },
  };
}

/** A plain `VendorCallError` for a symbol the library does not export. */
export function notExported(symbol: string, code: number): VendorCallError {
  return new VendorCallError(code, symbol, notExportedMessage(symbol));
}

function notExportedMessage(symbol: string): string {
  return `${symbol} is not exported by this library`;
}
