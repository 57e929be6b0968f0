/**
 * The AMD SMI backend: AMD GPUs and their KFD compute processes through libamd_smi
 * (ROCm 6.1 to 7.x), loaded at `open()`, never at import. It adds to the amdgpu sysfs /
 * fdinfo baseline of the DRM backend (same PCI address, so the merge joins them): board
 * power on MI-series parts, energy, junction and memory temperatures, and the compute
 * processes fdinfo does not show.
 *
 * Lifecycle: persistent by default (init at open, shutdown at close); with `lazyInit`, init
 * and shutdown around every reading. Never nested (see lifecycle.ts); sockets and processor
 * handles are resolved again on every reading, so a re-init never meets a stale handle.
 */
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { describeLoadFailures, type LibraryLoadFailure } from "../../ffi/open_library.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { chooseGeneration, type LibVersion, sonameMajor } from "./generation.ts";
import { type AmdsmiLibrary, amdsmiLibraryCandidates, openAmdsmiLibrary } from "./library.ts";
import { AmdsmiLifecycle } from "./lifecycle.ts";
import { readDevice } from "./read_device.ts";
import { type EngineCursor, readProcesses } from "./read_processes.ts";
import { AmdsmiError, AmdsmiStatus, isUnavailableAtInit } from "./return_codes.ts";
import { PROCESSOR_TYPE_AMD_GPU } from "./types.ts";

/** The registry entry for AMD SMI. */
export const amdsmiBackend: BackendDescriptor = {
  id: "amdsmi",
  summary: "AMD GPUs through AMD SMI (libamd_smi.so.26 / .25 / .24, ROCm 6.1 to 7.x)",
  defaultOn: (os) => os === "linux",
  create: (ctx) => new AmdsmiBackend(ctx),
};

export class AmdsmiBackend implements Backend {
  readonly id = "amdsmi" as const;
  readonly #ctx: BackendContext;
  #library: AmdsmiLibrary | null = null;
  #lifecycle: AmdsmiLifecycle | null = null;
  #engines: EngineCursor = new Map();

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  open(): Promise<BackendOpenResult> {
    try {
      return Promise.resolve(this.#open());
    } catch (error) {
      // Only a bug gets here: every AMD SMI failure above is already a status.
      const library = this.#library?.path ?? null;
      this.close();
      return Promise.resolve({
        status: "error",
        detail: `AMD SMI: ${errorMessage(error)}`,
        library,
        version: null,
      });
    }
  }

  read(): Promise<BackendReading> {
    const library = this.#library;
    const lifecycle = this.#lifecycle;
    if (library === null || lifecycle === null) {
      return Promise.reject(new Error("AMD SMI is not open"));
    }
    try {
      const code = lifecycle.init();
      if (code !== AmdsmiStatus.SUCCESS) {
        throw new Error(`AMD SMI initialisation failed: ${library.message(code)}`);
      }
      return Promise.resolve(this.#read(library));
    } catch (error) {
      return Promise.reject(error);
    } finally {
      if (this.#ctx.lazyInit) lifecycle.shutdown();
    }
  }

  close(): void {
    this.#lifecycle?.shutdown();
    this.#lifecycle = null;
    this.#library?.close();
    this.#library = null;
    this.#engines = new Map();
  }

  #open(): BackendOpenResult {
    this.close();
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
    const lifecycle = new AmdsmiLifecycle(library);
    this.#library = library;
    this.#lifecycle = lifecycle;
    const skipped = skippedNote(opened.failed, this.#ctx.env("GPUTOP_AMDSMI_LIB"));
    const code = lifecycle.init();
    if (code !== AmdsmiStatus.SUCCESS) {
      const message = library.message(code);
      this.close();
      return {
        status: isUnavailableAtInit(code) ? "unavailable" : "error",
        detail: joinNotes(
          code === AmdsmiStatus.DRIVER_NOT_LOADED
            ? `amdgpu driver not loaded (${message})`
            : `AMD SMI initialisation failed: ${message}`,
          skipped,
        ),
        library: library.path,
        version: null,
      };
    }
    const version = optional(() => library.libVersion());
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
    if (this.#ctx.lazyInit) lifecycle.shutdown();
    const notes = [choice.note, skipped].filter((note) => note !== null);
    return {
      status: "ok",
      detail: notes.length === 0 ? null : notes.join("; "),
      library: library.path,
      version: versionText(version),
    };
  }

  #read(library: AmdsmiLibrary): BackendReading {
    let sockets;
    try {
      sockets = library.sockets();
    } catch (error) {
      throw new Error(`cannot list AMD GPUs: ${errorMessage(error)}`);
    }
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    const cursors = { previous: this.#engines, next: new Map() as EngineCursor };
    const nowMs = this.#ctx.nowMs();
    for (const socket of sockets) {
      const processors = attempt("processors", problems, () => library.processors(socket));
      for (const handle of processors ?? []) {
        const type = optional(() => library.processorType(handle));
        // Init asked for GPUs only; a library without the type call is taken at its word.
        if (type !== null && type !== PROCESSOR_TYPE_AMD_GPU) continue;
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

/** A value AMD SMI may refuse (not supported, not exported): null instead of an error. */
function optional<T>(call: () => T): T | null {
  try {
    return call();
  } catch (error) {
    if (error instanceof AmdsmiError) return null;
    throw error;
  }
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
  return worth.length === 0 ? null : `not loaded: ${describeLoadFailures(worth)}`;
}

function joinNotes(first: string, second: string | null): string {
  return second === null ? first : `${first} (${second})`;
}
