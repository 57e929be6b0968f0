/**
 * `amdsmi_init` / `amdsmi_shut_down`, paired exactly once. Up to ROCm 7.0.1 the library keeps
 * one boolean: a second init is a no-op and the FIRST shutdown tears everything down,
 * however many inits came before (7.0.2 added a reference count). So this never nests: init
 * only when not initialised, shut down only when initialised. Handles do not survive a
 * shutdown; callers resolve them again after every init (the backend does, every reading).
 *
 * Self-contained so a shared library-session layer can adopt it: `init()` / `shutdown()`.
 */
import type { AmdsmiLibrary } from "./library.ts";
import { AmdsmiStatus } from "./return_codes.ts";

export class AmdsmiLifecycle {
  readonly #library: AmdsmiLibrary;
  #initialised = false;

  constructor(library: AmdsmiLibrary) {
    this.#library = library;
  }

  get initialised(): boolean {
    return this.#initialised;
  }

  /** Inits unless already initialised; returns the status (SUCCESS when already). */
  init(): number {
    if (this.#initialised) return AmdsmiStatus.SUCCESS;
    const code = this.#library.init();
    if (code === AmdsmiStatus.SUCCESS) this.#initialised = true;
    return code;
  }

  /** Shuts down once per successful init; a no-op otherwise. */
  shutdown(): void {
    if (!this.#initialised) return;
    this.#initialised = false;
    this.#library.shutdown();
  }
}
