/**
 * How a vendor-library backend (NVML, Level Zero, AMD SMI) reads through its library
 * lifetime: each read takes a reference for its own sample number and gives it back after,
 * and the reference `open()` took is kept until close (persistent) or handed to the first
 * read (lazy), so opening and the first sample share one init.
 */
import type { LibraryLifetime } from "./library_lifetime.ts";

/** Why a read's init failed: the library's code (null when it has none) and message. */
export interface InitFailure {
  code: number | null;
  message: string;
}

export class LibraryReferences {
  #openReference: "none" | "until-close" | "until-first-read" = "none";
  #reads = 0;

  /**
   * Called once open()'s own acquire succeeded. Persistent: keep that reference until
   * close(). Lazy: every read takes its own, and this one ends with the first read.
   */
  keepOpenReference(lazyInit: boolean): void {
    this.#openReference = lazyInit ? "until-first-read" : "until-close";
  }

  /** At close(): the lifetime's own close ends every reference, open()'s included. */
  forgetOpenReference(): void {
    this.#openReference = "none";
  }

  /**
   * `read(epoch)` with the lifetime held for the next sample. A failed init throws
   * `initFailed(failure)` and holds nothing (the lifetime retries it at the next sample).
   */
  async read<T>(
    lifetime: LibraryLifetime,
    initFailed: (failure: InitFailure) => Error,
    read: (epoch: number) => T,
  ): Promise<T> {
    const acquired = await lifetime.acquire(++this.#reads);
    if (!acquired.ok) throw initFailed(acquired);
    try {
      return read(lifetime.epoch);
    } finally {
      lifetime.release();
      if (this.#openReference === "until-first-read") {
        this.#openReference = "none";
        lifetime.release();
      }
    }
  }
}
