/**
 * A vendor library's init entry point, opened a second time as a `nonblocking` symbol: Deno
 * runs such a call on a worker thread and returns a Promise, so an init that blocks for
 * seconds (a driver without persistence mode loading its state) leaves the event loop free.
 * The dynamic loader hands back the library already loaded (no second load), so both symbol
 * tables reach one library. Only init gets this treatment: the other calls are short ioctls,
 * and a nonblocking call costs ~19 µs against ~20 ns for a synchronous one.
 */

/** One init entry point: its exported name and its C signature. */
export interface InitSymbol {
  name: string;
  parameters: readonly Deno.NativeType[];
  result: "i32" | "u32";
}

/** What an init takes: flags, as a number or a 64-bit value. */
export type InitArgument = number | bigint;

export class NonblockingInit {
  readonly #path: string;
  readonly #symbol: InitSymbol;
  readonly #fallback: (...args: InitArgument[]) => number;
  #twin: { call: (...args: InitArgument[]) => Promise<number>; close(): void } | null = null;

  /** `fallback` is the synchronous init, called when the second open fails. */
  constructor(path: string, symbol: InitSymbol, fallback: (...args: InitArgument[]) => number) {
    this.#path = path;
    this.#symbol = symbol;
    this.#fallback = fallback;
  }

  /**
   * The init's code, from a worker thread; the second open is made on the first call and
   * kept. Never unload the library while this is pending: the library lifetime waits for it.
   */
  call(...args: InitArgument[]): Promise<number> {
    if (this.#twin === null) {
      try {
        this.#twin = this.#open();
      } catch {
        return Promise.resolve(this.#fallback(...args));
      }
    }
    return this.#twin.call(...args);
  }

  /** Closes the second open; safe to call twice. */
  close(): void {
    this.#twin?.close();
    this.#twin = null;
  }

  #open(): { call: (...args: InitArgument[]) => Promise<number>; close(): void } {
    const { name, parameters, result } = this.#symbol;
    const library = Deno.dlopen(this.#path, {
      [name]: { parameters, result, nonblocking: true },
    });
    const call = library.symbols[name] as unknown as (...args: InitArgument[]) => Promise<number>;
    return { call, close: () => library.close() };
  }
}
