/**
 * Opens the first library that loads from a list of candidates. A library that does not
 * load is data (every name tried and why), never an exception: `Deno.dlopen` throws a plain
 * `Error` for a missing file or a missing required symbol, and `NotCapable` without
 * `--allow-ffi`; all of them end up in `failed`.
 */
import { errorMessage } from "../model/errors.ts";
import { mayLoad, NOT_FOUND_REASON } from "./library_presence.ts";

/** One candidate that did not load, and why. */
export interface LibraryLoadFailure {
  name: string;
  reason: string;
}

/** The outcome of {@linkcode openFirstLibrary}. */
export type OpenLibraryResult<S extends Deno.ForeignLibraryInterface> =
  | {
    ok: true;
    library: Deno.DynamicLibrary<S>;
    /** The candidate that loaded, as given (a bare soname stays bare). */
    path: string;
    /** Candidates before it that did not load. */
    failed: LibraryLoadFailure[];
  }
  | { ok: false; tried: string[]; failed: LibraryLoadFailure[] };

/** How to open a library; tests may pass a stand-in for `Deno.dlopen`. */
export interface OpenLibraryOptions {
  dlopen?: <S extends Deno.ForeignLibraryInterface>(
    path: string,
    symbols: S,
  ) => Deno.DynamicLibrary<S>;
  /**
   * False for a candidate known to be absent, which is then not passed to `dlopen`. Default:
   * with the real `dlopen` on Linux, src/ffi/library_presence.ts; otherwise every name may load.
   */
  mayLoad?: (name: string) => boolean;
}

/**
 * Tries each candidate in order with the same symbol table and returns the first that
 * loads. Empty candidates are skipped; duplicates are tried once.
 *
 * @example
 * ```ts ignore
 * const result = openFirstLibrary(["libnvidia-ml.so.1", "libnvidia-ml.so"], SYMBOLS);
 * if (!result.ok) console.log(describeLoadFailures(result.failed));
 * ```
 */
export function openFirstLibrary<const S extends Deno.ForeignLibraryInterface>(
  candidates: readonly string[],
  symbols: S,
  options: OpenLibraryOptions = {},
): OpenLibraryResult<S> {
  const dlopen = options.dlopen ?? Deno.dlopen;
  const present = options.mayLoad ??
    (options.dlopen === undefined && Deno.build.os === "linux" ? mayLoad : () => true);
  const failed: LibraryLoadFailure[] = [];
  const tried: string[] = [];
  for (const name of candidates) {
    if (name === "" || tried.includes(name)) continue;
    tried.push(name);
    if (!present(name)) {
      failed.push({ name, reason: NOT_FOUND_REASON });
      continue;
    }
    try {
      return { ok: true, library: dlopen(name, symbols), path: name, failed };
    } catch (error) {
      const missing = MISSING_SYMBOL.test(errorMessage(error))
        ? firstMissingSymbol(name, symbols, dlopen)
        : null;
      const reason = missing === null
        ? loadFailureReason(name, error)
        : `required symbol ${missing} not found`;
      failed.push({ name, reason });
    }
  }
  return { ok: false, tried, failed };
}

/** The outcome of {@linkcode openLibraryAs}: the backend's wrapper, or every name tried and why. */
export type OpenedLibrary<W> =
  | { ok: true; library: W; failed: LibraryLoadFailure[] }
  | { ok: false; tried: string[]; failed: LibraryLoadFailure[] };

/**
 * {@linkcode openFirstLibrary}, the library that loaded handed to `wrap` (a backend's call
 * wrapper) with the name it loaded under.
 */
export function openLibraryAs<const S extends Deno.ForeignLibraryInterface, W>(
  candidates: readonly string[],
  symbols: S,
  wrap: (library: Deno.DynamicLibrary<S>, path: string) => W,
): OpenedLibrary<W> {
  const result = openFirstLibrary(candidates, symbols);
  if (!result.ok) return result;
  return { ok: true, library: wrap(result.library, result.path), failed: result.failed };
}

/** Deno's words for a required symbol the library does not export. */
const MISSING_SYMBOL = /Failed to register symbol /;

/**
 * The first required symbol, in the table's own order, that `name` does not export. Deno
 * registers symbols in no fixed order, so its error names a different missing one from run to
 * run; loading once more with every symbol optional shows which are absent. Null when that
 * probe fails too (the first error then stands).
 */
function firstMissingSymbol<S extends Deno.ForeignLibraryInterface>(
  name: string,
  symbols: S,
  dlopen: NonNullable<OpenLibraryOptions["dlopen"]>,
): string | null {
  const optional: Deno.ForeignLibraryInterface = {};
  for (const [symbol, definition] of Object.entries(symbols)) {
    optional[symbol] = "parameters" in definition ? { ...definition, optional: true } : definition;
  }
  let probe: Deno.DynamicLibrary<Deno.ForeignLibraryInterface>;
  try {
    probe = dlopen(name, optional);
  } catch {
    return null;
  }
  try {
    for (const [symbol, definition] of Object.entries(symbols)) {
      const required = !("optional" in definition && definition.optional === true);
      if (required && (probe.symbols as Record<string, unknown>)[symbol] === null) return symbol;
    }
    return null;
  } finally {
    probe.close();
  }
}

/**
 * The reason a library did not load, without Deno's doubled "Could not open library:"
 * prefix and without repeating the name when the loader's message already starts with it.
 */
export function loadFailureReason(name: string, error: unknown): string {
  let text = errorMessage(error);
  const prefix = "Could not open library: ";
  while (text.startsWith(prefix)) text = text.slice(prefix.length);
  if (text.startsWith(`${name}: `)) text = text.slice(name.length + 2);
  return text === "" ? "could not be loaded" : text;
}

/** `name: reason; name: reason`, for a status detail line. */
export function describeLoadFailures(failed: readonly LibraryLoadFailure[]): string {
  // Candidates that failed for the same reason share one entry, so eight "cannot open shared
  // object file" lines read as one list of names (first-seen order of reasons kept).
  const namesByReason = new Map<string, string[]>();
  for (const { name, reason } of failed) {
    const names = namesByReason.get(reason);
    if (names) names.push(name);
    else namesByReason.set(reason, [name]);
  }
  return [...namesByReason].map(([reason, names]) => `${names.join(", ")}: ${reason}`).join("; ");
}

/** `not loaded: name: reason; …` for candidates passed over before one loaded; null if none. */
export function notLoadedNote(failed: readonly LibraryLoadFailure[]): string | null {
  return failed.length === 0 ? null : `not loaded: ${describeLoadFailures(failed)}`;
}

/**
 * The absolute path of a DLL in the Windows system directory. An absolute path avoids the
 * default DLL search order, which includes the executable's folder and the current one.
 */
export function windowsSystemLibrary(
  env: (name: string) => string | undefined,
  file: string,
): string {
  const root = env("SystemRoot") ?? env("SYSTEMROOT") ?? "C:\\Windows";
  return `${root.replace(/[\\/]+$/, "")}\\System32\\${file}`;
}
