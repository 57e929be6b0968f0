/**
 * The one skeleton of a backend over a vendor library (NVML, Level Zero, AMD SMI): load the
 * library, run its init and shutdown through a `LibraryLifetime` (src/ffi/library_lifetime.ts),
 * sample under `LibraryReferences`, list device handles once per lifetime epoch in a stable
 * order, and close in the one safe order (shut down, then unload). A vendor fills in
 * {@linkcode VendorLibraryParts}: how its library loads, how its init failure and success
 * read as a status, how its devices are listed and read. Nothing here knows a vendor.
 *
 * Persistent by default: open's reference is held until close, so there is one init and one
 * shutdown for the whole run. Lazy (`--lazy-init`): one init per sample, the first sharing
 * open's. Handles listed under an earlier epoch are never passed to the library again.
 */
import type { Backend, BackendContext, BackendOpenResult } from "./backend.ts";
import type { BackendDescriptor, BackendInfo } from "./backend.ts";
import { LibraryWorkerBackend } from "./library_worker_host.ts";
import { StableOrder } from "./stable_order.ts";
import {
  type LibraryLifecycle,
  LibraryLifetime,
  shutDownThenUnload,
} from "../ffi/library_lifetime.ts";
import { type InitFailure, LibraryReferences } from "../ffi/library_references.ts";
import {
  describeLoadFailures,
  type LibraryLoadFailure,
  type OpenedLibrary,
} from "../ffi/open_library.ts";
import { errorMessage } from "../model/errors.ts";
import type { BackendId, BackendReading, DeviceReading, ProcessReading } from "../model/types.ts";

/** A vendor library once loaded: the init / shutdown of its lifetime, and how to let it go. */
export interface LoadedLibrary extends LibraryLifecycle {
  /** The file in use, null while none is (Level Zero loads per lifetime); a bug's status names it. */
  readonly path: string | null;
  /**
   * Candidates that failed before the one that loaded, as a note (`not loaded: …`), added to
   * every status open() gives once the library loaded; null or absent when there is none.
   */
  readonly skipped?: string | null;
  /** What works before init (NVML's version), read once the skeleton holds the library. */
  beforeInit?(): void;
  /** Unloads the file (`dlclose`); called once, after the lifetime has shut down. */
  unload(): void;
}

/** The library loaded (not yet initialised), or the open status that says why not. */
export type LoadResult<L> = { ok: true; library: L } | { ok: false; status: BackendOpenResult };

/** One device as listed: its handle, and the key (UUID, else PCI address) that keeps its place. */
export interface ListedDevice<H> {
  key: string;
  handle: H;
}

/** The devices of one lifetime epoch, and what listing them could not do. */
export interface DeviceList<H> {
  devices: ListedDevice<H>[];
  /** Said again with every reading of the epoch (a socket whose processors would not list). */
  problems?: string[];
}

/** What a vendor's read found in one sample; the skeleton makes the reading of it. */
export interface VendorSample {
  devices: DeviceReading[];
  processes: ProcessReading[];
  /** The reading's detail, joined, after the problems of listing the devices. */
  problems: string[];
}

/** What a vendor supplies; `L` is its loaded library, `H` a device handle of one epoch. */
export interface VendorLibraryParts<L extends LoadedLibrary, H> {
  /** How status texts name the vendor: `NVML`, `Level Zero`, `AMD SMI`. */
  readonly label: string;
  /** Loads the library from its candidates (no init yet), or the status saying why not. */
  load(ctx: BackendContext): LoadResult<L>;
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
  listDevices(library: L): DeviceList<H>;
  /** One sample; `devices()` gives the epoch's handles in stable order (listed once an epoch). */
  read(library: L, devices: () => readonly H[], ctx: BackendContext): VendorSample;
}

/** A vendor-library backend's registry entry, and how to make it on the calling thread. */
export interface VendorLibraryDescriptor extends BackendDescriptor {
  /** The backend on this thread: what the one-shot commands use, and the library worker. */
  createInThread(ctx: BackendContext): Backend;
}

/**
 * The registry entry of a vendor-library backend: `parts` makes the vendor's side of one.
 * With `inWorker` (NVML, Level Zero, AMD SMI: the backends library_worker.ts can load by id),
 * the continuous modes (`ctx.rescanIntervalMs` set) run it in the library worker, so that a
 * library call that never returns cannot freeze them (library_worker_host.ts says why a
 * worker); the one-shot commands keep it on the main thread, sparing the worker's start-up.
 */
export function vendorLibraryDescriptor<L extends LoadedLibrary, H>(
  info: BackendInfo,
  parts: (ctx: BackendContext) => VendorLibraryParts<L, H>,
  options: { inWorker?: boolean } = {},
): VendorLibraryDescriptor {
  const createInThread = (ctx: BackendContext) =>
    new VendorLibraryBackend(info.id, ctx, parts(ctx));
  return {
    ...info,
    createInThread,
    create: (ctx) =>
      options.inWorker === true && ctx.rescanIntervalMs !== null
        ? new LibraryWorkerBackend(info.id, ctx, () => createInThread(ctx))
        : createInThread(ctx),
  };
}

export class VendorLibraryBackend<L extends LoadedLibrary, H> implements Backend {
  readonly id: BackendId;
  readonly #ctx: BackendContext;
  readonly #parts: VendorLibraryParts<L, H>;
  /** The library and its lifetime, from a successful load until close. */
  #loaded: { library: L; lifetime: LibraryLifetime } | null = null;
  /** Per-sample references, and open()'s own until close or the first read. */
  readonly #references = new LibraryReferences();
  /** The devices of one epoch, in stable order; another epoch lists them again. */
  #devices: { epoch: number; handles: H[]; problems: string[] } | null = null;
  /** Device keys in the order first seen: the stable order. */
  readonly #order = new StableOrder();
  #closing: Promise<void> | null = null;

  constructor(id: BackendId, ctx: BackendContext, parts: VendorLibraryParts<L, H>) {
    this.id = id;
    this.#ctx = ctx;
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
      (epoch) => this.#sample(library, epoch),
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
    const loaded = this.#parts.load(this.#ctx);
    if (!loaded.ok) return loaded.status;
    const library = loaded.library;
    const lifetime = new LibraryLifetime(library);
    this.#loaded = { library, lifetime };
    this.#closing = null;
    library.beforeInit?.();
    const init = await lifetime.acquire(0);
    const status = init.ok
      ? this.#parts.openedStatus(library)
      : this.#parts.initFailedStatus(library, init);
    if (status.status === "ok") {
      this.#references.keepOpenReference(this.#ctx.lazyInit);
    } else {
      this.close();
    }
    return withSkipped(status, library.skipped ?? null);
  }

  #initError(failed: InitFailure): Error {
    const message = `${this.#parts.label} initialisation failed: ${failed.message}`;
    const withCode = this.#parts.initCallError;
    return failed.code === null || withCode === undefined
      ? new Error(message)
      : withCode(failed.code, message);
  }

  #sample(library: L, epoch: number): BackendReading {
    const sample = this.#parts.read(library, () => this.#list(library, epoch), this.#ctx);
    const listing = this.#devices?.epoch === epoch ? this.#devices.problems : [];
    const problems = [...listing, ...sample.problems];
    const reading: BackendReading = {
      timestampMs: Date.now(),
      // The libraries here (NVML, Level Zero, AMD SMI) are read for GPUs; a device that
      // says otherwise keeps its own class.
      devices: sample.devices.map((device) => ({ deviceClass: "gpu", ...device })),
      processes: sample.processes,
    };
    if (problems.length > 0) reading.detail = problems.join("; ");
    return reading;
  }

  /**
   * The devices of this epoch. Handles are listed again after every init (a handle from an
   * earlier epoch is never passed in) and put in the order first seen, by key, so each
   * device keeps its place from one sample to the next.
   */
  #list(library: L, epoch: number): H[] {
    if (this.#devices !== null && this.#devices.epoch === epoch) return this.#devices.handles;
    const listed = this.#parts.listDevices(library);
    this.#order.sort(listed.devices);
    const handles = listed.devices.map((device) => device.handle);
    this.#devices = { epoch, handles, problems: listed.problems ?? [] };
    return handles;
  }
}

/**
 * Once a candidate loaded: the library as `hold` keeps it (`failed`: the candidates before
 * it); else the unavailable status naming every file tried, `no ${what} could be loaded: …`.
 */
export function loadFirst<W, L>(
  what: string,
  opened: OpenedLibrary<W>,
  hold: (library: W, failed: LibraryLoadFailure[]) => L,
): LoadResult<L> {
  if (!opened.ok) return { ok: false, status: notLoadedStatus(what, opened) };
  return { ok: true, library: hold(opened.library, opened.failed) };
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

/** The candidates passed over, after an ok status's own note, or in brackets after a reason. */
function withSkipped(status: BackendOpenResult, skipped: string | null): BackendOpenResult {
  if (skipped === null) return status;
  const detail = status.detail;
  if (detail === null) return { ...status, detail: skipped };
  return {
    ...status,
    detail: status.status === "ok" ? `${detail}; ${skipped}` : `${detail} (${skipped})`,
  };
}
