/**
 * Level Zero as the two calls of a `LibraryLifetime` (src/ffi/library_lifetime.ts). The 1.x
 * API has no shutdown call, so here "init" is: load the loader and run `zesInit` / `zeInit`
 * (the nonblocking twin, so a slow driver cannot freeze watch / top / serve), and "shutdown"
 * is: unload the loader (`DynamicLibrary.close()`). The library lifetime then gives Level Zero
 * the same rules as NVML and AMD SMI: loaded on 0 → 1 references, unloaded on 1 → 0, never
 * twice, a failed init retried at most once per sample, and a new epoch after every load, so
 * the backend resolves its handles again and never passes one from an earlier load.
 *
 * The first init tries every candidate; once one has loaded, later inits (lazy mode) open
 * that same file again. This object is what the vendor-library skeleton holds from open to
 * close (src/backends/vendor_library_backend.ts): nothing is loaded until its first init.
 */
import type { BackendOpenResult } from "../backend.ts";
import { type LoadedLibrary, notLoadedStatus } from "../vendor_library_backend.ts";
import { notLoadedNote } from "../../ffi/open_library.ts";
import { errorMessage } from "../../model/errors.ts";
import type { LibraryInitResult } from "../../ffi/library_lifetime.ts";
import { openZeLibrary, type ZeLibrary } from "./library.ts";
import { describeResult, ZeResult } from "./return_codes.ts";

/** Set before `zeInit` when the loader has no `zesInit`; the GPU driver reads it. */
export const SYSMAN_ENV = "ZES_ENABLE_SYSMAN";

export class ZeLibraryLifecycle implements LoadedLibrary {
  #candidates: readonly string[];
  readonly #env: (name: string) => string | undefined;
  #ze: ZeLibrary | null = null;
  /** Why the last init failed, as the status `open()` reports; null after a success. */
  failure: BackendOpenResult | null = null;
  /** Notes from the last successful init (a candidate skipped, the environment not set). */
  notes: string[] = [];
  /** The loader's own version, as of the last successful init. */
  loaderVersion: string | null = null;

  constructor(candidates: readonly string[], env: (name: string) => string | undefined) {
    this.#candidates = candidates;
    this.#env = env;
  }

  /** The loaded, initialised loader; null between lifetimes. */
  get library(): ZeLibrary | null {
    return this.#ze;
  }

  /** The loader's file while it is loaded. */
  get path(): string | null {
    return this.#ze?.path ?? null;
  }

  async init(): Promise<LibraryInitResult> {
    this.failure = null;
    const opened = openZeLibrary(this.#candidates);
    if (!opened.ok) {
      const failure = notLoadedStatus("Level Zero loader", opened);
      this.failure = failure;
      return { ok: false, code: null, message: failure.detail };
    }
    const ze = opened.library;
    const notes: string[] = [];
    const skipped = notLoadedNote(opened.failed);
    if (skipped !== null) notes.push(skipped);
    if (!ze.hasZesInit && this.#env(SYSMAN_ENV) !== "1") {
      const problem = setEnv(SYSMAN_ENV, "1");
      if (problem !== null) notes.push(problem);
    }
    let loaderVersion: string | null;
    let init: { code: number; symbol: string };
    try {
      loaderVersion = ze.loaderVersion();
      init = await ze.initAsync();
    } catch (error) {
      ze.close();
      throw error;
    }
    if (init.code !== ZeResult.SUCCESS) {
      ze.close();
      const message = `${init.symbol} failed: ${describeResult(init.code)}`;
      this.failure = {
        status: "unavailable",
        detail: [message, ...notes].join("; "),
        library: ze.path,
        version: zeVersionText(null, loaderVersion),
      };
      return { ok: false, code: init.code, message };
    }
    this.#candidates = [ze.path];
    this.#ze = ze;
    this.notes = notes;
    this.loaderVersion = loaderVersion;
    return { ok: true };
  }

  /** Unloads the loader: Level Zero 1.x has no shutdown call. */
  shutdown(): void {
    const ze = this.#ze;
    this.#ze = null;
    ze?.close();
  }

  /** Nothing left to do: the shutdown of the lifetime already unloaded the loader. */
  unload(): void {}
}

/** `API 1.4, loader 1.8.12` (short enough for the table), either part left out when unknown. */
export function zeVersionText(api: string | null, loader: string | null): string | null {
  const parts = [api && `API ${api}`, loader && `loader ${loader}`]
    .filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(", ");
}

function setEnv(name: string, value: string): string | null {
  try {
    Deno.env.set(name, value);
    return null;
  } catch (error) {
    return `could not set ${name}=${value}: ${errorMessage(error)}`;
  }
}
