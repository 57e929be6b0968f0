/**
 * The AMD SMI backend: AMD GPUs and their KFD compute processes through libamd_smi
 * (ROCm 6.1 to 7.x), loaded at `open()`, never at import. It adds to the amdgpu sysfs /
 * fdinfo baseline of the DRM backend (same PCI address, so the merge joins them): board
 * power on MI-series parts, energy, junction and memory temperatures, and the compute
 * processes fdinfo does not show. The open / read / close skeleton is
 * src/backends/vendor_library_backend.ts; this is AMD SMI's side of it.
 *
 * Lifetime: `amdsmi_init` / `amdsmi_shut_down` (lifecycle.ts), never nested. After init the
 * library's version picks the struct layouts (generation.ts); an unknown generation refuses
 * the library rather than misread it.
 */
import { AMDSMI_INFO } from "./info.ts";
import type { BackendContext, BackendOpenResult } from "../backend.ts";
import type { ListedDevice, LoadResult, VendorLibraryParts } from "../vendor_library_backend.ts";
import { loadFirst, vendorLibraryDescriptor } from "../vendor_library_backend.ts";
import { type LibraryLoadFailure, notLoadedNote } from "../../ffi/open_library.ts";
import { nullOnError } from "../../ffi/field_reader.ts";
import type { InitFailure } from "../../ffi/library_references.ts";
import { errorMessage } from "../../model/errors.ts";
import type { DeviceReading, ProcessReading } from "../../model/types.ts";
import { chooseGeneration, type LibVersion, sonameMajor } from "./generation.ts";
import {
  type AmdsmiLibrary,
  amdsmiLibraryCandidates,
  type Handle,
  openAmdsmiLibrary,
} from "./library.ts";
import { AmdsmiLifecycle } from "./lifecycle.ts";
import { powerLimitUnit } from "./power_limit_unit.ts";
import { readDevice } from "./read_device.ts";
import type { SlowHealth } from "./read_health.ts";
import { SlowHealthCache } from "../slow_health_cache.ts";
import { type EngineCursor, readProcesses } from "./read_processes.ts";
import { AmdsmiError, AmdsmiStatus, isUnavailableAtInit } from "./return_codes.ts";
import { PROCESSOR_TYPE_AMD_GPU } from "./types.ts";

/** The registry entry for AMD SMI. */
export const amdsmiBackend = vendorLibraryDescriptor(AMDSMI_INFO, () => new AmdsmiParts(), {
  inWorker: true,
});

class AmdsmiParts implements VendorLibraryParts<AmdsmiLifecycle, Handle> {
  readonly label = "AMD SMI";
  /** Each process's engine counters at the last reading, for busy rates. */
  #engines: EngineCursor = new Map();
  /** ECC mode and bad pages of each GPU, read at most every 10 s. */
  #slowHealth: SlowHealthCache<SlowHealth> | null = null;

  load(ctx: BackendContext): LoadResult<AmdsmiLifecycle> {
    this.#slowHealth = new SlowHealthCache(() => ctx.nowMs());
    const candidates = amdsmiLibraryCandidates(ctx.env, ctx.os);
    if (candidates.length === 0) {
      const detail = "AMD SMI is a Linux library";
      return { ok: false, status: { status: "unavailable", detail, library: null, version: null } };
    }
    const override = ctx.env("GPUTOP_AMDSMI_LIB");
    return loadFirst("AMD SMI library", openAmdsmiLibrary(candidates), (library, failed) => {
      return new AmdsmiLifecycle(library, skippedNote(failed, override));
    });
  }

  initFailedStatus(lifecycle: AmdsmiLifecycle, failure: InitFailure): BackendOpenResult {
    const code = failure.code;
    return {
      status: code !== null && isUnavailableAtInit(code) ? "unavailable" : "error",
      detail: code === AmdsmiStatus.DRIVER_NOT_LOADED
        ? `amdgpu driver not loaded (${failure.message})`
        : `AMD SMI initialisation failed: ${failure.message}`,
      library: lifecycle.path,
      version: null,
    };
  }

  /** Picks the struct layouts of this library's generation, or refuses one it does not know. */
  openedStatus({ library }: AmdsmiLifecycle): BackendOpenResult {
    const version = nullOnError(AmdsmiError, () => library.libVersion());
    const choice = chooseGeneration(sonameMajor(library.path), version);
    const named = { library: library.path, version: versionText(version) };
    if (!choice.ok) return { status: "unavailable", detail: choice.reason, ...named };
    library.useLayouts(choice.layouts);
    library.powerLimitUnit = powerLimitUnit(sonameMajor(library.path), version);
    return { status: "ok", detail: choice.note, ...named };
  }

  initCallError(code: number, message: string): Error {
    return new AmdsmiError(code, "amdsmi_init", message);
  }

  /** The GPUs of every socket, keyed by UUID, else BDF; what could not be listed is a problem. */
  listDevices(
    { library }: AmdsmiLifecycle,
  ): { devices: ListedDevice<Handle>[]; problems: string[] } {
    let sockets;
    try {
      sockets = library.sockets();
    } catch (error) {
      throw new Error(`cannot list AMD GPUs: ${errorMessage(error)}`);
    }
    const problems: string[] = [];
    const devices: ListedDevice<Handle>[] = [];
    for (const socket of sockets) {
      const processors = attempt("processors", problems, () => library.processors(socket));
      for (const handle of processors ?? []) {
        const type = nullOnError(AmdsmiError, () => library.processorType(handle));
        // Init asked for GPUs only; a library without the type call is taken at its word.
        if (type !== null && type !== PROCESSOR_TYPE_AMD_GPU) continue;
        devices.push({ key: gpuKey(library, handle, devices.length), handle });
      }
    }
    return { devices, problems };
  }

  read({ library }: AmdsmiLifecycle, listed: () => readonly Handle[], ctx: BackendContext) {
    const handles = listed();
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    const cursors = { previous: this.#engines, next: new Map() as EngineCursor };
    const nowMs = ctx.nowMs();
    for (const handle of handles) {
      const index = devices.length;
      const { reading, lost } = readDevice(library, handle, index, this.#slowHealth);
      devices.push(reading);
      if (lost) continue;
      const device = { handle, localId: reading.localId };
      const found = readProcesses(library, device, cursors, nowMs);
      processes.push(...found.processes);
      for (const problem of found.problems) problems.push(`GPU ${index} ${problem}`);
    }
    this.#engines = cursors.next;
    return { devices, processes, problems };
  }
}

/** A GPU's identity for the stable order: UUID, else BDF, else its place in the list. */
function gpuKey(library: AmdsmiLibrary, handle: Handle, index: number): string {
  const uuid = nullOnError(AmdsmiError, () => library.uuid(handle));
  const bdf = nullOnError(AmdsmiError, () => library.bdf(handle));
  if (uuid !== null && uuid !== "") return `uuid:${uuid}`;
  return bdf !== null ? `bdf:${bdf}` : `index:${index}`;
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
