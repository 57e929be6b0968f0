/**
 * The reference-counted lifetime of one vendor library (NVML, Level Zero, AMD SMI), after the
 * session guard of ROCm gpuagent PR #67: `acquire()` initialises the library only when the
 * count goes 0 → 1, `release()` shuts it down only when it goes 1 → 0, and nested pairs in
 * between are free. A failed init leaves the count at 0; it is retried at most once per
 * sample (callers pass the sample number), never in a loop.
 *
 * Persistent mode = the backend holds one reference from `open()` to `close()`, so every
 * sample's acquire/release pair nests inside it. Lazy mode = it holds none, so each sample
 * initialises and shuts down a library lifetime of its own (user-facing text calls it a
 * "library session", as `gputop backends` always has).
 *
 * Every successful init starts a new `epoch`: device handles resolved under an earlier epoch
 * must not be passed to the library again (the library may hand out new values after a
 * re-init), so backends compare epochs and re-resolve.
 */

/** What `init` reports: ok, or why not (as data; the guard never throws for it). */
export type LibraryInitResult =
  | { ok: true }
  | { ok: false; code: number | null; message: string };

/** The two calls the guard needs. `init` may be async (a nonblocking FFI call). */
export interface LibraryLifecycle {
  init(): LibraryInitResult | Promise<LibraryInitResult>;
  shutdown(): void;
}

export class LibraryLifetime {
  readonly #lifecycle: LibraryLifecycle;
  #depth = 0;
  #epoch = 0;
  #initsStarted = 0;
  #pending: Promise<LibraryInitResult> | null = null;
  #failed: { sample: number; result: LibraryInitResult } | null = null;
  #closed = false;

  constructor(lifecycle: LibraryLifecycle) {
    this.#lifecycle = lifecycle;
  }

  /** Current reference count. */
  get depth(): number {
    return this.#depth;
  }

  /** Successful inits so far; handles are valid only within the epoch they were made in. */
  get epoch(): number {
    return this.#epoch;
  }

  /** How many times `init` was called (for `backends` and tests). */
  get initsStarted(): number {
    return this.#initsStarted;
  }

  /** True while an init call has not returned (a blocking driver load, say). */
  get initPending(): boolean {
    return this.#pending !== null;
  }

  /**
   * Takes a reference, initialising on 0 → 1. `sample` identifies the caller's sample: an
   * init that failed for this same sample is not tried again, its result is returned.
   * On `ok: false` no reference is held and nothing needs releasing.
   */
  async acquire(sample = -1): Promise<LibraryInitResult> {
    if (this.#closed) return { ok: false, code: null, message: "library session is closed" };
    if (this.#depth > 0) {
      this.#depth++;
      return { ok: true };
    }
    if (this.#pending === null) {
      if (this.#failed !== null && this.#failed.sample === sample && sample !== -1) {
        return this.#failed.result;
      }
      this.#pending = this.#runInit(sample);
    }
    const result = await this.#pending;
    if (result.ok) this.#depth++;
    return result;
  }

  /** Drops a reference taken by a successful `acquire()`; shuts down on 1 → 0. */
  release(): void {
    if (this.#depth === 0) return;
    this.#depth--;
    if (this.#depth === 0) this.#shutdown();
  }

  /**
   * Ends the lifetime whatever the count: shutdown exactly once if initialised. An init still
   * running is shut down as soon as it returns. Resolves when that has happened.
   */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#depth > 0) {
      this.#depth = 0;
      this.#shutdown();
    }
    if (this.#pending !== null) await this.#pending.catch(() => undefined);
  }

  async #runInit(sample: number): Promise<LibraryInitResult> {
    this.#initsStarted++;
    let result: LibraryInitResult;
    try {
      result = await this.#lifecycle.init();
    } catch (error) {
      result = {
        ok: false,
        code: null,
        message: error instanceof Error ? error.message : String(error),
      };
    }
    this.#pending = null;
    if (!result.ok) {
      this.#failed = { sample, result };
      return result;
    }
    this.#failed = null;
    this.#epoch++;
    if (this.#closed) {
      // Closed while the init was running: it still owes its one shutdown.
      this.#shutdown();
      return { ok: false, code: null, message: "library session is closed" };
    }
    return result;
  }

  #shutdown(): void {
    try {
      this.#lifecycle.shutdown();
    } catch {
      // A library that fails to shut down must not take the reading (or the exit) with it.
    }
  }
}

/**
 * Closes a vendor library in the one safe order: the lifetime first (shut down now if
 * initialised, or once an init still running on its worker thread returns), then `unload`
 * (`dlclose`). Without a lifetime the library was never initialised: unload at once.
 */
export function shutDownThenUnload(
  lifetime: LibraryLifetime | null,
  unload: () => void,
): Promise<void> {
  if (lifetime === null) {
    unload();
    return Promise.resolve();
  }
  return lifetime.close().then(unload);
}
