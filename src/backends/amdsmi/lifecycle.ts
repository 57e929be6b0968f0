/**
 * `amdsmi_init` / `amdsmi_shut_down` as the two calls of a `LibraryLifetime`
 * (src/ffi/library_lifetime.ts), which inits only on 0 → 1 references and shuts down only
 * on 1 → 0. Up to ROCm 7.0.1 the library keeps one boolean: a second init is a no-op and the
 * FIRST shutdown tears everything down, however many inits came before (7.0.2 added a
 * reference count). So AMD SMI must never be nested: the session guard already ensures that,
 * and this adapter keeps its own flag as well, so a shutdown without a successful init, or a
 * second init, can never reach the library. Handles do not survive a shutdown; the backend
 * resolves them again whenever the session's epoch changes.
 *
 * The init goes through the nonblocking twin of `amdsmi_init` (library.ts), so a slow driver
 * load runs on a worker thread and leaves watch / top / serve running.
 */
import type { LibraryInitResult, LibraryLifecycle } from "../../ffi/library_lifetime.ts";
import type { AmdsmiLibrary } from "./library.ts";
import { AmdsmiStatus } from "./return_codes.ts";

export class AmdsmiLifecycle implements LibraryLifecycle {
  readonly #library: AmdsmiLibrary;
  #initialised = false;

  constructor(library: AmdsmiLibrary) {
    this.#library = library;
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
}
