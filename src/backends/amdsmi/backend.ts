/**
 * The AMD SMI backend: AMD GPUs and their KFD compute processes through libamd_smi
 * (ROCm 6.1 to 7.x), loaded at `open()`, never at import. It adds to the amdgpu sysfs /
 * fdinfo baseline of the DRM backend (same PCI address, so the merge joins them): board
 * power on MI-series parts, energy, junction and memory temperatures, and the compute
 * processes fdinfo does not show.
 *
 * Lifecycle: a `LibraryLifetime` (src/ffi/library_lifetime.ts) over `amdsmi_init` /
 * `amdsmi_shut_down` (lifecycle.ts), as for NVML: persistent by default (open's reference is
 * held until close, so there is one init and one shutdown for the whole run); with `lazyInit`
 * one session per reading, the first reading sharing open's. Never nested; processor handles
 * are resolved again whenever the session's epoch changes (a re-init), never reused.
 */
import { AMDSMI_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { LibraryReferences } from "../../ffi/library_references.ts";
import { StableOrder } from "../stable_order.ts";
import {
  describeLoadFailures,
  type LibraryLoadFailure,
  notLoadedNote,
} from "../../ffi/open_library.ts";
import { nullOnError } from "../../ffi/field_reader.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { chooseGeneration, type LibVersion, sonameMajor } from "./generation.ts";
import {
  type AmdsmiLibrary,
  amdsmiLibraryCandidates,
  type Handle,
  openAmdsmiLibrary,
} from "./library.ts";
import { AmdsmiLifecycle } from "./lifecycle.ts";
import { LibraryLifetime, shutDownThenUnload } from "../../ffi/library_lifetime.ts";
import { readDevice } from "./read_device.ts";
import { type EngineCursor, readProcesses } from "./read_processes.ts";
import { AmdsmiError, AmdsmiStatus, isUnavailableAtInit } from "./return_codes.ts";
import { PROCESSOR_TYPE_AMD_GPU } from "./types.ts";

/** The registry entry for AMD SMI. */
export const amdsmiBackend: BackendDescriptor = {
  ...AMDSMI_INFO,
  create: (ctx) => new AmdsmiBackend(ctx),
};

/** The GPUs of one library session, in stable order, and what listing them cost. */
interface ResolvedGpus {
  epoch: number;
  handles: Handle[];
  problems: string[];
}

export class AmdsmiBackend implements Backend {
  readonly id = "amdsmi" as const;
  readonly #ctx: BackendContext;
  #library: AmdsmiLibrary | null = null;
  #session: LibraryLifetime | null = null;
  /** Per-sample references, and open()'s own until close or the first read. */
  readonly #reads = new LibraryReferences();
  /** Handles of the current library session; null = resolve again. */
  #gpus: ResolvedGpus | null = null;
  /** GPU keys (UUID, else BDF) in the order first seen: the stable order. */
  readonly #order = new StableOrder();
  #engines: EngineCursor = new Map();
  #closing: Promise<void> | null = null;

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  async open(): Promise<BackendOpenResult> {
    try {
      return await this.#open();
    } catch (error) {
      // Only a bug gets here: every AMD SMI failure above is already a status.
      const library = this.#library?.path ?? null;
      this.close();
      return {
        status: "error",
        detail: `AMD SMI: ${errorMessage(error)}`,
        library,
        version: null,
      };
    }
  }

  async read(): Promise<BackendReading> {
    const library = this.#library;
    const session = this.#session;
    if (library === null || session === null) throw new Error("AMD SMI is not open");
    return await this.#reads.read(session, (failed) => {
      const message = `AMD SMI initialisation failed: ${failed.message}`;
      return failed.code === null
        ? new Error(message)
        : new AmdsmiError(failed.code, "amdsmi_init", message);
    }, (epoch) => this.#read(library, epoch));
  }

  close(): void {
    if (this.#closing !== null) return;
    const library = this.#library;
    const session = this.#session;
    this.#library = null;
    this.#session = null;
    this.#reads.forgetOpenReference();
    this.#gpus = null;
    this.#engines = new Map();
    this.#closing = shutDownThenUnload(session, () => library?.close());
  }

  /** Resolves once close() has shut AMD SMI down and unloaded it (an init may be pending). */
  settled(): Promise<void> {
    return this.#closing ?? Promise.resolve();
  }

  async #open(): Promise<BackendOpenResult> {
    const candidates = amdsmiLibraryCandidates(this.#ctx.env, this.#ctx.os);
    if (candidates.length === 0) {
      return unavailable("AMD SMI is a Linux library", null);
    }
    const opened = openAmdsmiLibrary(candidates);
    if (!opened.ok) {
      return unavailable(
        `no AMD SMI library could be loaded: ${describeLoadFailures(opened.failed)}`,
        opened.tried.join(", "),
      );
    }
    const library = opened.library;
    const session = new LibraryLifetime(new AmdsmiLifecycle(library));
    this.#library = library;
    this.#session = session;
    this.#closing = null;
    const skipped = skippedNote(opened.failed, this.#ctx.env("GPUTOP_AMDSMI_LIB"));
    const init = await session.acquire(0);
    if (!init.ok) {
      this.close();
      const code = init.code;
      return {
        status: code !== null && isUnavailableAtInit(code) ? "unavailable" : "error",
        detail: joinNotes(
          code === AmdsmiStatus.DRIVER_NOT_LOADED
            ? `amdgpu driver not loaded (${init.message})`
            : `AMD SMI initialisation failed: ${init.message}`,
          skipped,
        ),
        library: library.path,
        version: null,
      };
    }
    const version = nullOnError(AmdsmiError, () => library.libVersion());
    const choice = chooseGeneration(sonameMajor(library.path), version);
    if (!choice.ok) {
      this.close();
      return {
        status: "unavailable",
        detail: joinNotes(choice.reason, skipped),
        library: library.path,
        version: versionText(version),
      };
    }
    library.useLayouts(choice.layouts);
    this.#reads.keepOpenReference(this.#ctx.lazyInit);
    const notes = [choice.note, skipped].filter((note) => note !== null);
    return {
      status: "ok",
      detail: notes.length === 0 ? null : notes.join("; "),
      library: library.path,
      version: versionText(version),
    };
  }

  /**
   * The GPUs of this library session. Handles are resolved again after every init (a handle
   * from an earlier session is never passed in) and put in the order first seen, by UUID,
   * else BDF, so each GPU keeps its place from one reading to the next.
   */
  #resolve(library: AmdsmiLibrary, epoch: number): ResolvedGpus {
    if (this.#gpus !== null && this.#gpus.epoch === epoch) return this.#gpus;
    let sockets;
    try {
      sockets = library.sockets();
    } catch (error) {
      throw new Error(`cannot list AMD GPUs: ${errorMessage(error)}`);
    }
    const problems: string[] = [];
    const found: { key: string; handle: Handle }[] = [];
    for (const socket of sockets) {
      const processors = attempt("processors", problems, () => library.processors(socket));
      for (const handle of processors ?? []) {
        const type = nullOnError(AmdsmiError, () => library.processorType(handle));
        // Init asked for GPUs only; a library without the type call is taken at its word.
        if (type !== null && type !== PROCESSOR_TYPE_AMD_GPU) continue;
        const uuid = nullOnError(AmdsmiError, () => library.uuid(handle));
        const bdf = nullOnError(AmdsmiError, () => library.bdf(handle));
        const key = uuid !== null && uuid !== ""
          ? `uuid:${uuid}`
          : bdf !== null
          ? `bdf:${bdf}`
          : `index:${found.length}`;
        found.push({ key, handle });
      }
    }
    this.#order.sort(found);
    const gpus = { epoch, handles: found.map((entry) => entry.handle), problems };
    this.#gpus = gpus;
    return gpus;
  }

  #read(library: AmdsmiLibrary, epoch: number): BackendReading {
    const gpus = this.#resolve(library, epoch);
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [...gpus.problems];
    const cursors = { previous: this.#engines, next: new Map() as EngineCursor };
    const nowMs = this.#ctx.nowMs();
    for (const handle of gpus.handles) {
      const index = devices.length;
      const { reading, lost } = readDevice(library, handle, index);
      devices.push(reading);
      if (lost) continue;
      const found = readProcesses(
        library,
        { handle, localId: reading.localId },
        cursors,
        nowMs,
      );
      processes.push(...found.processes);
      for (const problem of found.problems) problems.push(`GPU ${index} ${problem}`);
    }
    this.#engines = cursors.next;
    const reading: BackendReading = { timestampMs: Date.now(), devices, processes };
    if (problems.length > 0) reading.detail = problems.join("; ");
    return reading;
  }
}

function unavailable(detail: string, library: string | null): BackendOpenResult {
  return { status: "unavailable", detail, library, version: null };
}

function attempt<T>(label: string, problems: string[], call: () => T): T | null {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof AmdsmiError)) throw error;
    problems.push(`${label}: ${error.message}`);
    return null;
  }
}

function versionText(version: LibVersion | null): string | null {
  return version === null ? null : `AMD SMI ${version.text}`;
}

/**
 * When GPUTOP_AMDSMI_LIB, or a file that exists, failed but a later name loaded, say so. A
 * newer soname that is simply not installed (most systems have one of the three) is no news.
 */
function skippedNote(
  failed: readonly LibraryLoadFailure[],
  override: string | undefined,
): string | null {
  const worth = failed.filter((failure) =>
    failure.name === override || !/cannot open shared object file/.test(failure.reason)
  );
  return notLoadedNote(worth);
}

function joinNotes(first: string, second: string | null): string {
  return second === null ? first : `${first} (${second})`;
}
