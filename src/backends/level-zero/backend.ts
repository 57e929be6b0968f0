/**
 * The Level Zero backend: Intel GPUs through the Sysman API of `libze_loader.so.1` or
 * `ze_loader.dll`, loaded at `open()`, never at import. It sits after NVML / nvidia-smi and
 * before DRM in the registry, so its values win over sysfs for the same PCI address while
 * sysfs and fdinfo still fill what it lacks.
 *
 * Init: `zesInit` when the loader exports it (spec 1.5+); otherwise `ZES_ENABLE_SYSMAN=1`
 * goes into the environment before `zeInit`, and core handles serve as Sysman handles.
 *
 * Lifecycle: a `LibraryLifetime` whose init loads the loader and initialises it and whose
 * shutdown unloads it (session.ts; Level Zero 1.x has no shutdown call). Persistent by
 * default: open's reference is held until close, one load for the whole run. Lazy
 * (`--lazy-init`): one load per sample, the first sharing open's; device handles are
 * enumerated again whenever the session's epoch changes, never kept across a re-load. The
 * rate counters are keyed by device identity, not by handle, so rates work across re-loads.
 */
import { LEVEL_ZERO_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import { LibraryReferences } from "../../ffi/library_references.ts";
import { StableOrder } from "../stable_order.ts";
import { errorMessage } from "../../model/errors.ts";
import type { BackendReading, DeviceReading, ProcessReading } from "../../model/types.ts";
import { LibraryLifetime } from "../../ffi/library_lifetime.ts";
import { type ZeLibrary, zeLibraryCandidates } from "./library.ts";
import type { CounterCursor } from "./rates.ts";
import { readDevice } from "./read_device.ts";
import { readProcesses } from "./read_processes.ts";
import { ZeError } from "./return_codes.ts";
import { SYSMAN_ENV, ZeLibraryLifecycle, zeVersionText } from "./lifecycle.ts";
import { apiVersionText } from "./types.ts";

/** The registry entry for Level Zero. */
export const levelZeroBackend: BackendDescriptor = {
  ...LEVEL_ZERO_INFO,
  create(ctx) {
    return new LevelZeroBackend(ctx);
  },
};

export { SYSMAN_ENV };

/** A device as resolved in one library session: its handle, in stable order. */
interface ResolvedDevices {
  epoch: number;
  handles: Deno.PointerValue[];
}

class LevelZeroBackend implements Backend {
  readonly id = "level-zero" as const;
  readonly #ctx: BackendContext;
  #lifecycle: ZeLibraryLifecycle | null = null;
  #session: LibraryLifetime | null = null;
  /** Per-sample references, and open()'s own until close or the first read. */
  readonly #reads = new LibraryReferences();
  /** Handles of the current load; null = enumerate again. */
  #devices: ResolvedDevices | null = null;
  /** Device keys (UUID, else PCI address) in the order first seen: the stable order. */
  readonly #order = new StableOrder();
  readonly #cursor: CounterCursor = new Map();
  #closing: Promise<void> | null = null;

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  async open(): Promise<BackendOpenResult> {
    try {
      return await this.#open();
    } catch (error) {
      // Only a bug gets here: every Level Zero failure above is already a status.
      const library = this.#lifecycle?.library?.path ?? null;
      this.close();
      return {
        status: "error",
        detail: `Level Zero: ${errorMessage(error)}`,
        library,
        version: null,
      };
    }
  }

  async read(): Promise<BackendReading> {
    const lifecycle = this.#lifecycle;
    const session = this.#session;
    if (lifecycle === null || session === null) throw new Error("Level Zero is not open");
    return await this.#reads.read(
      session,
      // The message already names the call (zesInit or zeInit) and its code.
      (failed) => new Error(`Level Zero initialisation failed: ${failed.message}`),
      (epoch) => {
        const ze = lifecycle.library;
        if (ze === null) throw new Error("Level Zero is not loaded");
        return this.#read(ze, epoch);
      },
    );
  }

  close(): void {
    if (this.#closing !== null) return;
    const session = this.#session;
    this.#session = null;
    this.#lifecycle = null;
    this.#reads.forgetOpenReference();
    this.#devices = null;
    // Unloads now if loaded; if an init is still running on its worker thread, the library
    // is unloaded as soon as it returns.
    this.#closing = session === null ? Promise.resolve() : session.close();
  }

  /** Resolves once close() has unloaded the library (an init may have been pending). */
  settled(): Promise<void> {
    return this.#closing ?? Promise.resolve();
  }

  async #open(): Promise<BackendOpenResult> {
    const lifecycle = new ZeLibraryLifecycle(
      zeLibraryCandidates(this.#ctx.env, this.#ctx.os),
      this.#ctx.env,
    );
    const session = new LibraryLifetime(lifecycle);
    this.#lifecycle = lifecycle;
    this.#session = session;
    this.#closing = null;
    const init = await session.acquire(0);
    const ze = lifecycle.library;
    if (!init.ok || ze === null) {
      const failure = lifecycle.failure;
      this.close();
      return failure ?? {
        status: "error",
        detail: `Level Zero initialisation failed: ${init.ok ? "not loaded" : init.message}`,
        library: null,
        version: null,
      };
    }
    let apiVersion: string | null = null;
    try {
      const [driver] = ze.drivers();
      if (driver !== undefined) apiVersion = apiVersionText(ze.apiVersion(driver));
    } catch (error) {
      if (!(error instanceof ZeError)) throw error;
    }
    this.#reads.keepOpenReference(this.#ctx.lazyInit);
    return {
      status: "ok",
      detail: lifecycle.notes.length === 0 ? null : lifecycle.notes.join("; "),
      library: ze.path,
      version: zeVersionText(apiVersion, lifecycle.loaderVersion),
    };
  }

  /**
   * The devices of this load. Handles are enumerated again after every init (a handle from
   * an earlier load is never passed in) and put in the order first seen, by UUID, else PCI
   * address, so each device keeps its place from one sample to the next.
   */
  #resolve(ze: ZeLibrary, epoch: number): Deno.PointerValue[] {
    if (this.#devices !== null && this.#devices.epoch === epoch) return this.#devices.handles;
    let handles: Deno.PointerValue[];
    try {
      handles = ze.drivers().flatMap((driver) => ze.devices(driver));
    } catch (error) {
      throw new Error(`cannot list Level Zero devices: ${errorMessage(error)}`);
    }
    const found = handles.map((handle, index) => ({ key: deviceKey(ze, handle, index), handle }));
    this.#order.sort(found);
    const list = found.map((entry) => entry.handle);
    this.#devices = { epoch, handles: list };
    return list;
  }

  #read(ze: ZeLibrary, epoch: number): BackendReading {
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    this.#resolve(ze, epoch).forEach((handle, index) => {
      const { reading, usable } = readDevice(ze, handle, index, this.#cursor);
      devices.push(reading);
      if (!usable) return;
      const found = readProcesses(ze, handle, reading.localId);
      processes.push(...found.processes);
      if (found.problem !== null) problems.push(`GPU ${index} processes: ${found.problem}`);
    });
    const reading: BackendReading = { timestampMs: Date.now(), devices, processes };
    if (problems.length > 0) reading.detail = problems.join("; ");
    return reading;
  }
}

/** A device's identity for the stable order: UUID, else PCI address, else its index. */
function deviceKey(ze: ZeLibrary, handle: Deno.PointerValue, index: number): string {
  try {
    const uuid = ze.deviceProperties(handle).uuid;
    if (/[^0]/.test(uuid)) return `uuid:${uuid}`;
  } catch (error) {
    if (!(error instanceof ZeError)) throw error;
  }
  try {
    const pci = ze.pciProperties(handle);
    return `pci:${pci.domain}:${pci.bus}:${pci.device}.${pci.function}`;
  } catch (error) {
    if (!(error instanceof ZeError)) throw error;
  }
  return `index:${index}`;
}
