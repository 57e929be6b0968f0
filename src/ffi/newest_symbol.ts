/**
 * Picks the newest variant of a versioned entry point (`_v3`, `_v2`, unsuffixed) that the
 * loaded library exports. Symbols declared `optional: true` in a `Deno.dlopen` table are
 * `null` when absent, so "exported" is "not null".
 */

/** The chosen variant: its exported name and the callable. */
export interface ChosenSymbol<F> {
  name: string;
  call: F;
}

/**
 * The first of `names` (newest first) whose entry in `symbols` is not null, or null when
 * none is exported.
 *
 * @example
 * ```ts
 * import { newestSymbol } from "./newest_symbol.ts";
 * const table = { fooInit_v2: null, fooInit: () => 0 };
 * newestSymbol(table, ["fooInit_v2", "fooInit"])?.name; // "fooInit"
 * ```
 */
export function newestSymbol<S extends object, K extends keyof S & string>(
  symbols: S,
  names: readonly K[],
): ChosenSymbol<NonNullable<S[K]>> | null {
  for (const name of names) {
    const call = symbols[name];
    if (call !== null && call !== undefined) return { name, call: call as NonNullable<S[K]> };
  }
  return null;
}
