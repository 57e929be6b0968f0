/**
 * The NVML backend: NVIDIA devices and their compute / graphics processes through
 * `libnvidia-ml.so.1` or `nvml.dll`, loaded at `open()`, never at import.
 */
import { NVML_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { LibraryReferences } from "../../ffi/library_references.ts";
import { StableOrder } from "../stable_order.ts";
import { describeLoadFailures, notLoadedNote } from "../../ffi/open_library.ts";
import { nullOnError } from "../../ffi/field_reader.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { cudaVersionText } from "./convert.ts";
import { type NvmlLibrary, nvmlLibraryCandidates, openNvmlLibrary } from "./library.ts";
import { type NvmlSystemInfo, readDevice } from "./read_device.ts";
import { readProcesses, type UtilizationCursor } from "./read_processes.ts";
import { NvmlError, NvmlReturn } from "./return_codes.ts";
import { LibraryLifetime, shutDownThenUnload } from "../../ffi/library_lifetime.ts";

/** The registry entry for NVML. */
export const nvmlBackend: BackendDescriptor = {
  ...NVML_INFO,
  create(ctx) {
    return new NvmlBackend(ctx);
  },
};

/** Detail for the one init failure that is an ordinary state, not a fault. */
const DRIVER_NOT_LOADED_DETAIL = "NVIDIA driver not loaded";

/** A device as resolved in one library session: its index then, and its handle. */
interface ResolvedDevice {
  index: number;
  handle: Deno.PointerValue | undefined;
}

class NvmlBackend implements Backend {
  readonly id = "nvml" as const;
  readonly #ctx: BackendContext;
  #nvml: NvmlLibrary | null = null;
  #session: LibraryLifetime | null = null;
  /** Per-sample references, and open()'s own until close or the first read. */
  readonly #reads = new LibraryReferences();
  /** Handles of the current library session, in stable order; null = resolve again. */
  #devices: { epoch: number; list: ResolvedDevice[] } | null = null;
  /** Device keys (UUID, else PCI address) in the order first seen: the stable order. */
  readonly #order = new StableOrder();
  readonly #cursor: UtilizationCursor = new Map();
  #closing: Promise<void> | null = null;

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  async open(): Promise<BackendOpenResult> {
    try {
      return await this.#open();
    } catch (error) {
      // Only a bug gets here: every NVML failure above is already a status.
      const library = this.#nvml?.path ?? null;
      this.close();
      return { status: "error", detail: `NVML: ${errorMessage(error)}`, library, version: null };
    }
  }

  async read(): Promise<BackendReading> {
    const nvml = this.#nvml;
    const session = this.#session;
    if (nvml === null || session === null) throw new Error("NVML is not open");
    return await this.#reads.read(session, (failed) => {
      const message = `NVML initialisation failed: ${failed.message}`;
      return failed.code === null
        ? new Error(message)
        : new NvmlError(failed.code, "nvmlInit", message);
    }, (epoch) => this.#read(nvml, epoch));
  }

  close(): void {
    if (this.#closing !== null) return;
    const nvml = this.#nvml;
    const session = this.#session;
    this.#nvml = null;
    this.#session = null;
    this.#reads.forgetOpenReference();
    this.#devices = null;
    this.#closing = shutDownThenUnload(session, () => nvml?.close());
  }

  /** Resolves once close() has shut NVML down and unloaded it (an init may be pending). */
  settled(): Promise<void> {
    return this.#closing ?? Promise.resolve();
  }

  async #open(): Promise<BackendOpenResult> {
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
    this.#closing = null;
    const session = new LibraryLifetime({
      init: async () => {
        const code = await nvml.initAsync();
        return code === NvmlReturn.SUCCESS
          ? { ok: true }
          : { ok: false, code, message: nvml.message(code) };
      },
      shutdown: () => nvml.shutdown(),
    });
    this.#session = session;
    const skipped = notLoadedNote(opened.failed);
    const nvmlVersion = nullOnError(NvmlError, () => nvml.nvmlVersion());
    const init = await session.acquire(0);
    if (!init.ok) {
      this.close();
      const code = init.code;
      const unavailable = code === NvmlReturn.DRIVER_NOT_LOADED ||
        code === NvmlReturn.LIBRARY_NOT_FOUND;
      return {
        status: unavailable ? "unavailable" : "error",
        detail: joinNotes(
          code === NvmlReturn.DRIVER_NOT_LOADED
            ? DRIVER_NOT_LOADED_DETAIL
            : `NVML initialisation failed: ${init.message}`,
          skipped,
        ),
        library: nvml.path,
        version: nvmlVersion === null ? null : `NVML ${nvmlVersion}`,
      };
    }
    const driver = nullOnError(NvmlError, () => nvml.driverVersion());
    this.#reads.keepOpenReference(this.#ctx.lazyInit);
    return {
      status: "ok",
      detail: skipped,
      library: nvml.path,
      version: versionText(driver, nvmlVersion),
    };
  }

  /**
   * The devices of this library session. Handles are re-resolved after every init (a handle
   * from an earlier session is never passed in) and matched to what was seen before by UUID,
   * else PCI address, so each device keeps its place from one sample to the next.
   */
  #resolve(nvml: NvmlLibrary, epoch: number): ResolvedDevice[] {
    if (this.#devices !== null && this.#devices.epoch === epoch) return this.#devices.list;
    const count = nvml.deviceCount();
    const found: { key: string; device: ResolvedDevice }[] = [];
    for (let index = 0; index < count; index++) {
      let handle: Deno.PointerValue | undefined;
      try {
        handle = nvml.handle(index);
      } catch {
        // readDevice asks again and reports why, as that device's error.
        found.push({ key: `index:${index}`, device: { index, handle: undefined } });
        continue;
      }
      const key = nullOnError(NvmlError, () => nvml.deviceString(handle, "nvmlDeviceGetUUID")) ??
        nullOnError(NvmlError, () => nvml.pciBusId(handle)) ?? `index:${index}`;
      found.push({ key, device: { index, handle } });
    }
    this.#order.sort(found);
    const list = found.map((entry) => entry.device);
    this.#devices = { epoch, list };
    return list;
  }

  #read(nvml: NvmlLibrary, epoch: number): BackendReading {
    const system: NvmlSystemInfo = {
      driverVersion: nullOnError(NvmlError, () => nvml.driverVersion()),
      cudaDriverVersion: cudaVersionText(
        nullOnError(NvmlError, () => nvml.cudaDriverVersion()) ?? 0,
      ),
    };
    let resolved: ResolvedDevice[];
    try {
      resolved = this.#resolve(nvml, epoch);
    } catch (error) {
      throw new Error(`cannot count NVIDIA devices: ${errorMessage(error)}`);
    }
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    for (const { index, handle: known } of resolved) {
      const { reading, handle } = readDevice(nvml, index, system, known);
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

function versionText(driver: string | null, nvmlVersion: string | null): string | null {
  if (driver === null) return nvmlVersion === null ? null : `NVML ${nvmlVersion}`;
  return nvmlVersion === null ? driver : `${driver} (NVML ${nvmlVersion})`;
}

function joinNotes(first: string, second: string | null): string {
  return second === null ? first : `${first} (${second})`;
}
