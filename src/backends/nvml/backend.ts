/**
 * The NVML backend: NVIDIA devices and their compute / graphics processes through
 * `libnvidia-ml.so.1` or `nvml.dll`, loaded at `open()`, never at import.
 */
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { describeLoadFailures, type LibraryLoadFailure } from "../../ffi/open_library.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { cudaVersionText } from "./convert.ts";
import { type NvmlLibrary, nvmlLibraryCandidates, openNvmlLibrary } from "./library.ts";
import { type NvmlSystemInfo, readDevice } from "./read_device.ts";
import { readProcesses, type UtilizationCursor } from "./read_processes.ts";
import { NvmlError, NvmlReturn } from "./return_codes.ts";

/** The registry entry for NVML. */
export const nvmlBackend: BackendDescriptor = {
  id: "nvml",
  summary: "NVIDIA GPUs through NVML (libnvidia-ml.so.1 / nvml.dll)",
  defaultOn(os) {
    return os === "linux" || os === "windows";
  },
  create(ctx) {
    return new NvmlBackend(ctx);
  },
};

/** Detail for the one init failure that is an ordinary state, not a fault. */
const DRIVER_NOT_LOADED_DETAIL = "NVIDIA driver not loaded";

class NvmlBackend implements Backend {
  readonly id = "nvml" as const;
  readonly #ctx: BackendContext;
  #nvml: NvmlLibrary | null = null;
  /** True between a successful `nvmlInit` and its `nvmlShutdown`. */
  #initialised = false;
  readonly #cursor: UtilizationCursor = new Map();

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  open(): Promise<BackendOpenResult> {
    try {
      return Promise.resolve(this.#open());
    } catch (error) {
      // Only a bug gets here: every NVML failure above is already a status.
      const library = this.#nvml?.path ?? null;
      this.close();
      return Promise.resolve({
        status: "error",
        detail: `NVML: ${errorMessage(error)}`,
        library,
        version: null,
      });
    }
  }

  read(): Promise<BackendReading> {
    const nvml = this.#nvml;
    if (nvml === null) return Promise.reject(new Error("NVML is not open"));
    try {
      if (!this.#initialised) this.#init(nvml);
      return Promise.resolve(this.#read(nvml));
    } catch (error) {
      return Promise.reject(error);
    } finally {
      if (this.#ctx.lazyInit) this.#shutdown();
    }
  }

  close(): void {
    this.#shutdown();
    this.#nvml?.close();
    this.#nvml = null;
  }

  #open(): BackendOpenResult {
    this.close();
    const opened = openNvmlLibrary(nvmlLibraryCandidates(this.#ctx.env, this.#ctx.os));
    if (!opened.ok) {
      return {
        status: "unavailable",
        detail: `no NVML library could be loaded: ${describeLoadFailures(opened.failed)}`,
        library: opened.tried.join(", "),
        version: null,
      };
    }
    const nvml = opened.nvml;
    this.#nvml = nvml;
    const skipped = skippedNote(opened.failed);
    const nvmlVersion = optional(() => nvml.nvmlVersion());
    const code = nvml.init();
    if (code !== NvmlReturn.SUCCESS) {
      const message = nvml.message(code);
      this.close();
      const unavailable = code === NvmlReturn.DRIVER_NOT_LOADED ||
        code === NvmlReturn.LIBRARY_NOT_FOUND;
      return {
        status: unavailable ? "unavailable" : "error",
        detail: joinNotes(
          code === NvmlReturn.DRIVER_NOT_LOADED
            ? DRIVER_NOT_LOADED_DETAIL
            : `NVML initialisation failed: ${message}`,
          skipped,
        ),
        library: nvml.path,
        version: nvmlVersion === null ? null : `NVML ${nvmlVersion}`,
      };
    }
    this.#initialised = true;
    const driver = optional(() => nvml.driverVersion());
    if (this.#ctx.lazyInit) this.#shutdown();
    return {
      status: "ok",
      detail: skipped,
      library: nvml.path,
      version: versionText(driver, nvmlVersion),
    };
  }

  #init(nvml: NvmlLibrary): void {
    const code = nvml.init();
    if (code !== NvmlReturn.SUCCESS) {
      throw new NvmlError(code, "nvmlInit", `NVML initialisation failed: ${nvml.message(code)}`);
    }
    this.#initialised = true;
  }

  /** `nvmlShutdown` once per successful init. */
  #shutdown(): void {
    if (!this.#initialised) return;
    this.#initialised = false;
    this.#nvml?.shutdown();
  }

  #read(nvml: NvmlLibrary): BackendReading {
    const system: NvmlSystemInfo = {
      driverVersion: optional(() => nvml.driverVersion()),
      cudaDriverVersion: cudaVersionText(optional(() => nvml.cudaDriverVersion()) ?? 0),
    };
    let count: number;
    try {
      count = nvml.deviceCount();
    } catch (error) {
      throw new Error(`cannot count NVIDIA devices: ${errorMessage(error)}`);
    }
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    for (let index = 0; index < count; index++) {
      const { reading, handle } = readDevice(nvml, index, system);
      devices.push(reading);
      if (handle === null) continue;
      const found = readProcesses(nvml, { handle, localId: reading.localId }, this.#cursor);
      processes.push(...found.processes);
      for (const problem of found.problems) problems.push(`GPU ${index} ${problem}`);
    }
    const reading: BackendReading = { timestampMs: Date.now(), devices, processes };
    if (problems.length > 0) reading.detail = problems.join("; ");
    return reading;
  }
}

/** A value NVML may refuse (not supported, not exported): null instead of an error. */
function optional<T>(call: () => T): T | null {
  try {
    return call();
  } catch (error) {
    if (error instanceof NvmlError) return null;
    throw error;
  }
}

function versionText(driver: string | null, nvmlVersion: string | null): string | null {
  if (driver === null) return nvmlVersion === null ? null : `NVML ${nvmlVersion}`;
  return nvmlVersion === null ? driver : `${driver} (NVML ${nvmlVersion})`;
}

/** When GPUTOP_NVML_LIB (or an earlier name) failed but a later one loaded, say so. */
function skippedNote(failed: readonly LibraryLoadFailure[]): string | null {
  return failed.length === 0 ? null : `not loaded: ${describeLoadFailures(failed)}`;
}

function joinNotes(first: string, second: string | null): string {
  return second === null ? first : `${first} (${second})`;
}
