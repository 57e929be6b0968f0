/**
 * The base of each backend's call wrapper over one loaded vendor library (NvmlLibrary,
 * ZeLibrary, AmdsmiLibrary): the symbols and the name it loaded under, checked calls whose
 * failures are the backend's own error type (src/ffi/vendor_call_error.ts), the nonblocking
 * twin of its init when asked for (src/ffi/nonblocking_init.ts), and a close that unloads
 * both exactly once. Which code means what, and how each call is made, stays with the backend.
 */
import { type InitArgument, type InitSymbol, NonblockingInit } from "./nonblocking_init.ts";
import {
  type VendorCallError,
  type VendorCalls,
  vendorCalls,
  type VendorCodes,
} from "./vendor_call_error.ts";

export abstract class VendorLibrary<
  S extends Deno.ForeignLibraryInterface,
  E extends VendorCallError,
> {
  /** The candidate that loaded, as given (a bare soname stays bare). */
  readonly path: string;
  /** The loaded functions (`null` for an optional one the library does not export). */
  protected readonly symbols: Deno.DynamicLibrary<S>["symbols"];
  /** Checked calls: a failure code throws the backend's error, with `message(code)`. */
  protected readonly calls: VendorCalls<E>;
  readonly #library: Deno.DynamicLibrary<S>;
  #init: NonblockingInit | null = null;
  #closed = false;

  constructor(
    library: Deno.DynamicLibrary<S>,
    path: string,
    codes: Omit<VendorCodes<E>, "message">,
  ) {
    this.#library = library;
    this.symbols = library.symbols;
    this.path = path;
    this.calls = vendorCalls({ ...codes, message: (code) => this.message(code) });
  }

  /** The text for a code: the library's own when it has one. */
  abstract message(code: number): string;

  /** Unloads the library (and the init twin); safe to call twice. Shut it down first. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#init?.close();
    this.#init = null;
    this.#library.close();
  }

  /**
   * The init entry point `symbol` as a nonblocking call: made on first use, then the same one
   * every time, closed with the library. `fallback` is the synchronous init, for when the
   * second open of the file fails.
   */
  protected nonblockingInit(
    symbol: InitSymbol,
    fallback: (...args: InitArgument[]) => number,
  ): NonblockingInit {
    this.#init ??= new NonblockingInit(this.path, symbol, fallback);
    return this.#init;
  }
}
