/**
 * `amdsmi_init` / `amdsmi_shut_down` as the two calls of a `LibraryLifetime`
 * (src/ffi/library_lifetime.ts), which inits only on 0 → 1 references and shuts down only
 * on 1 → 0. Up to ROCm 7.0.1 the library keeps one boolean: a second init is a no-op and the
 * FIRST shutdown tears everything down, however many inits came before (7.0.2 added a
 * reference count). So AMD SMI must never be nested: the library lifetime already ensures that,
 * and this adapter keeps its own flag as well, so a shutdown without a successful init, or a
 * second init, can never reach the library. Handles do not survive a shutdown; the skeleton
 * (src/backends/vendor_library_backend.ts) lists them again whenever the lifetime's epoch
 * changes. This object is what the skeleton holds from open to close.
 *
 * The init goes through the nonblocking twin of `amdsmi_init` (library.ts), so a slow driver
 * load runs on a worker thread and leaves watch / top / serve running.
 */
import type { LibraryInitResult } from "../../ffi/library_lifetime.ts";
import type { LoadedLibrary } from "../vendor_library_backend.ts";
import type { AmdsmiLibrary } from "./library.ts";
import { AmdsmiStatus } from "./return_codes.ts";

export class AmdsmiLifecycle implements LoadedLibrary {
  readonly #library: AmdsmiLibrary;
  /** `not loaded: …` for candidates worth naming that failed before this one; null if none. */
  readonly skipped: string | null;
  #initialised = false;

  constructor(library: AmdsmiLibrary, skipped: string | null) {
    this.#library = library;
    this.skipped = skipped;
  }

  get library(): AmdsmiLibrary {
    return this.#library;
  }

  get path(): string {
    return this.#library.path;
  }

  get initialised(): boolean {
    return this.#initialised;
  }

  /** Inits unless already initialised (then ok without a call). */
  async init(): Promise<LibraryInitResult> {
    if (this.#initialised) return { ok: true };
    const code = await this.#library.initAsync();
    if (code !== AmdsmiStatus.SUCCESS) {
      return { ok: false, code, message: this.#library.message(code) };
    }
    this.#initialised = true;
    return { ok: true };
  }

  /** Shuts down once per successful init; a no-op otherwise. */
  shutdown(): void {
    if (!this.#initialised) return;
    this.#initialised = false;
    this.#library.shutdown();
  }

  /** Unloads the library; after the shutdown, never before. */
  unload(): void {
    this.#library.close();
  }
}
