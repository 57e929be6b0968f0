/**
 * The one skeleton of a backend over a vendor library (NVML, Level Zero, AMD SMI): load the
 * library, run its init and shutdown through a `LibraryLifetime` (src/ffi/library_lifetime.ts),
 * sample under `LibraryReferences`, resolve device handles once per lifetime epoch in a
 * stable order, and close in the one safe order (shut down, then unload). A vendor fills in
 * {@linkcode VendorLibraryParts}: how its library loads, how its init failure and success
 * read as a status, how its devices are listed and read. Nothing here knows a vendor.
 *
 * Persistent by default: open's reference is held until close, so there is one init and one
 * shutdown for the whole run. Lazy (`--lazy-init`): one init per sample, the first sharing
 * open's. Handles listed under an earlier epoch are never passed to the library again.
 */
import type {
  BackendContext,
  BackendDescriptor,
  BackendInfo,
  BackendOpenResult,
} from "./backend.ts";
import type { Backend } from "./backend.ts";
import { StableOrder } from "./stable_order.ts";
import {
  type LibraryLifecycle,
  LibraryLifetime,
  shutDownThenUnload,
} from "../ffi/library_lifetime.ts";
import { type InitFailure, LibraryReferences } from "../ffi/library_references.ts";
import { describeLoadFailures, type LibraryLoadFailure } from "../ffi/open_library.ts";
import { errorMessage } from "../model/errors.ts";
import type { BackendId, BackendReading } from "../model/types.ts";

/** A vendor library once loaded: the init / shutdown of its lifetime, and how to let it go. */
export interface LoadedLibrary extends LibraryLifecycle {
  /** The file in use, null while none is (Level Zero loads per lifetime); a bug's status names it. */
  readonly path: string | null;
  /** What works before init (NVML's version), read once the skeleton holds the library. */
  beforeInit?(): void;
  /** Unloads the file (`dlclose`); called once, after the lifetime has shut down. */
  unload(): void;
}

/** One device as listed: its handle, and the key (UUID, else PCI address) that keeps its place. */
export interface ListedDevice<H> {
  key: string;
  handle: H;
}

/** The devices of one lifetime epoch, in stable order. */
export interface ResolvedDevices<H> {
  handles: readonly H[];
  /** What listing them could not do; said again with every reading of the epoch. */
  problems: readonly string[];
}

/** The library loaded (not yet initialised), or the open status that says why not. */
export type LoadResult<L> = { ok: true; library: L } | { ok: false; status: BackendOpenResult };

/** What a vendor supplies; `L` is its loaded library, `H` a device handle of one epoch. */
export interface VendorLibraryParts<L extends LoadedLibrary, H> {
  /** How status texts name the vendor: `NVML`, `Level Zero`, `AMD SMI`. */
  readonly label: string;
  /** Loads the library from its candidates (no init yet), or the status saying why not. */
  load(): LoadResult<L>;
  /** The status when open's init failed (unavailable or error, in the vendor's words). */
  initFailedStatus(library: L, failure: InitFailure): BackendOpenResult;
  /**
   * The status once open's init succeeded: ok (library path and version text), or a refusal
   * (AMD SMI of an unknown generation), after which the library is closed.
   */
  openedStatus(library: L): BackendOpenResult;
  /** The error a read throws for an init that failed with the library's own code. */
  initCallError?(code: number, message: string): Error;
  /** Lists the devices of the current epoch from scratch; throws when it cannot list. */
  listDevices(library: L): { devices: ListedDevice<H>[]; problems?: string[] };
  /** One reading; `devices()` resolves the epoch's devices (listed at most once an epoch). */
  read(library: L, devices: () => ResolvedDevices<H>): BackendReading;
}

/** The registry entry of a vendor-library backend: `parts` makes the vendor's side per backend. */
export function vendorLibraryDescriptor<L extends LoadedLibrary, H>(
  info: BackendInfo,
  parts: (ctx: BackendContext) => VendorLibraryParts<L, H>,
): BackendDescriptor {
  return {
    ...info,
    create: (ctx) => new VendorLibraryBackend(info.id, ctx.lazyInit, parts(ctx)),
  };
}

export class VendorLibraryBackend<L extends LoadedLibrary, H> implements Backend {
  readonly id: BackendId;
  readonly #lazyInit: boolean;
  readonly #parts: VendorLibraryParts<L, H>;
  /** The library and its lifetime, from a successful load until close. */
  #loaded: { library: L; lifetime: LibraryLifetime } | null = null;
  /** Per-sample references, and open()'s own until close or the first read. */
  readonly #references = new LibraryReferences();
  /** The devices of one epoch; another epoch lists them again. */
  #devices: { epoch: number; resolved: ResolvedDevices<H> } | null = null;
  /** Device keys in the order first seen: the stable order. */
  readonly #order = new StableOrder();
  #closing: Promise<void> | null = null;

  constructor(id: BackendId, lazyInit: boolean, parts: VendorLibraryParts<L, H>) {
    this.id = id;
    this.#lazyInit = lazyInit;
    this.#parts = parts;
  }

  async open(): Promise<BackendOpenResult> {
    try {
      return await this.#open();
    } catch (error) {
      // Only a bug gets here: every library failure is already a status.
      const library = this.#loaded?.library.path ?? null;
      this.close();
      const detail = `${this.#parts.label}: ${errorMessage(error)}`;
      return { status: "error", detail, library, version: null };
    }
  }

  async read(): Promise<BackendReading> {
    const loaded = this.#loaded;
    if (loaded === null) throw new Error(`${this.#parts.label} is not open`);
    const { library, lifetime } = loaded;
    return await this.#references.read(
      lifetime,
      (failed) => this.#initError(failed),
      (epoch) => this.#parts.read(library, () => this.#resolve(library, epoch)),
    );
  }

  close(): void {
    if (this.#closing !== null) return;
    const loaded = this.#loaded;
    this.#loaded = null;
    this.#references.forgetOpenReference();
    this.#devices = null;
    // If an init is still running on its worker thread, the shutdown (then the unload)
    // happens as soon as it returns.
    this.#closing = shutDownThenUnload(loaded?.lifetime ?? null, () => loaded?.library.unload());
  }

  /** Resolves once close() has shut the library down and unloaded it (an init may be pending). */
  settled(): Promise<void> {
    return this.#closing ?? Promise.resolve();
  }

  async #open(): Promise<BackendOpenResult> {
    const loaded = this.#parts.load();
    if (!loaded.ok) return loaded.status;
    const library = loaded.library;
    const lifetime = new LibraryLifetime(library);
    this.#loaded = { library, lifetime };
    this.#closing = null;
    library.beforeInit?.();
    const init = await lifetime.acquire(0);
    if (!init.ok) {
      const status = this.#parts.initFailedStatus(library, init);
      this.close();
      return status;
    }
    const status = this.#parts.openedStatus(library);
    if (status.status !== "ok") {
      this.close();
      return status;
    }
    this.#references.keepOpenReference(this.#lazyInit);
    return status;
  }

  #initError(failed: InitFailure): Error {
    const message = `${this.#parts.label} initialisation failed: ${failed.message}`;
    const withCode = this.#parts.initCallError;
    return failed.code === null || withCode === undefined
      ? new Error(message)
      : withCode(failed.code, message);
  }

  /**
   * The devices of this epoch. Handles are listed again after every init (a handle from an
   * earlier epoch is never passed in) and put in the order first seen, by key, so each
   * device keeps its place from one sample to the next.
   */
  #resolve(library: L, epoch: number): ResolvedDevices<H> {
    if (this.#devices !== null && this.#devices.epoch === epoch) return this.#devices.resolved;
    const listed = this.#parts.listDevices(library);
    this.#order.sort(listed.devices);
    const handles = listed.devices.map((device) => device.handle);
    const resolved = { handles, problems: listed.problems ?? [] };
    this.#devices = { epoch, resolved };
    return resolved;
  }
}

/** The status when no candidate loaded: `no NVML library could be loaded: …`, every name tried. */
export function notLoadedStatus(
  what: string,
  opened: { tried: readonly string[]; failed: readonly LibraryLoadFailure[] },
): BackendOpenResult & { detail: string } {
  return {
    status: "unavailable",
    detail: `no ${what} could be loaded: ${describeLoadFailures(opened.failed)}`,
    library: opened.tried.join(", "),
    version: null,
  };
}

/** `detail (note)`, or `detail` alone. */
export function withNote(detail: string, note: string | null): string {
  return note === null ? detail : `${detail} (${note})`;
}

/** A reading from what one sample found; the problems, joined, are its detail. */
export function sampleReading(
  devices: BackendReading["devices"],
  processes: BackendReading["processes"],
  problems: readonly string[],
): BackendReading {
  const reading: BackendReading = { timestampMs: Date.now(), devices, processes };
  if (problems.length > 0) reading.detail = problems.join("; ");
  return reading;
}
