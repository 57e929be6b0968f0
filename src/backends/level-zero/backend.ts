/**
 * The Level Zero backend: Intel GPUs through the Sysman API of `libze_loader.so.1` or
 * `ze_loader.dll`, loaded at `open()`, never at import. It sits after NVML / nvidia-smi and
 * before DRM in the registry, so its values win over sysfs for the same PCI address while
 * sysfs and fdinfo still fill what it lacks. The open / read / close skeleton is
 * src/backends/vendor_library_backend.ts; this is Level Zero's side of it.
 *
 * Init: `zesInit` when the loader exports it (spec 1.5+); otherwise `ZES_ENABLE_SYSMAN=1`
 * goes into the environment before `zeInit`, and core handles serve as Sysman handles.
 *
 * Lifetime: the loader is loaded by each init and unloaded by its shutdown (lifecycle.ts;
 * Level Zero 1.x has no shutdown call), so in lazy mode (`--lazy-init`) there is one load per
 * sample and device handles are enumerated again with every load. The rate counters are
 * keyed by device identity, not by handle, so rates work across re-loads.
 */
import { LEVEL_ZERO_INFO } from "./info.ts";
import type { BackendContext, BackendOpenResult } from "../backend.ts";
import type { LoadResult, VendorLibraryParts } from "../vendor_library_backend.ts";
import { vendorLibraryDescriptor } from "../vendor_library_backend.ts";
import type { InitFailure } from "../../ffi/library_references.ts";
import { errorMessage } from "../../model/errors.ts";
import type { DeviceReading, ProcessReading } from "../../model/types.ts";
import { type ZeHandle, type ZeLibrary, zeLibraryCandidates } from "./library.ts";
import type { CounterCursor } from "./rates.ts";
import { readDevice } from "./read_device.ts";
import { readProcesses } from "./read_processes.ts";
import { ZeError } from "./return_codes.ts";
import { SYSMAN_ENV, ZeLibraryLifecycle, zeVersionText } from "./lifecycle.ts";
import { apiVersionText } from "./types.ts";

/** The registry entry for Level Zero. */
export const levelZeroBackend = vendorLibraryDescriptor(
  LEVEL_ZERO_INFO,
  () => new LevelZeroParts(),
  { inWorker: true },
);

export { SYSMAN_ENV };

class LevelZeroParts implements VendorLibraryParts<ZeLibraryLifecycle, ZeHandle> {
  readonly label = "Level Zero";
  readonly #cursor: CounterCursor = new Map();

  /** Nothing loads yet: the loader is loaded by each init of the lifetime. */
  load(ctx: BackendContext): LoadResult<ZeLibraryLifecycle> {
    const candidates = zeLibraryCandidates(ctx.env, ctx.os);
    return { ok: true, library: new ZeLibraryLifecycle(candidates, ctx.env) };
  }

  initFailedStatus(lifecycle: ZeLibraryLifecycle, failure: InitFailure): BackendOpenResult {
    // The message already names the call (zesInit or zeInit) and its code.
    return lifecycle.failure ?? {
      status: "error",
      detail: `Level Zero initialisation failed: ${failure.message}`,
      library: null,
      version: null,
    };
  }

  openedStatus(lifecycle: ZeLibraryLifecycle): BackendOpenResult {
    const ze = lifecycle.library;
    if (ze === null) return this.initFailedStatus(lifecycle, { code: null, message: "not loaded" });
    let apiVersion: string | null = null;
    try {
      const [driver] = ze.drivers();
      if (driver !== undefined) apiVersion = apiVersionText(ze.apiVersion(driver));
    } catch (error) {
      if (!(error instanceof ZeError)) throw error;
    }
    return {
      status: "ok",
      detail: lifecycle.notes.length === 0 ? null : lifecycle.notes.join("; "),
      library: ze.path,
      version: zeVersionText(apiVersion, lifecycle.loaderVersion),
    };
  }

  /** Every device of every driver, keyed by UUID, else PCI address. */
  listDevices(lifecycle: ZeLibraryLifecycle) {
    const ze = loaded(lifecycle);
    let handles: ZeHandle[];
    try {
      handles = ze.drivers().flatMap((driver) => ze.devices(driver));
    } catch (error) {
      throw new Error(`cannot list Level Zero devices: ${errorMessage(error)}`);
    }
    return {
      devices: handles.map((handle, index) => ({ key: deviceKey(ze, handle, index), handle })),
    };
  }

  read(lifecycle: ZeLibraryLifecycle, listed: () => readonly ZeHandle[]) {
    const ze = loaded(lifecycle);
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    listed().forEach((handle, index) => {
      const { reading, usable } = readDevice(ze, handle, index, this.#cursor);
      devices.push(reading);
      if (!usable) return;
      const found = readProcesses(ze, handle, reading.localId);
      processes.push(...found.processes);
      if (found.problem !== null) problems.push(`GPU ${index} processes: ${found.problem}`);
    });
    return { devices, processes, problems };
  }
}

/** The loader of the current lifetime epoch. */
function loaded(lifecycle: ZeLibraryLifecycle): ZeLibrary {
  const ze = lifecycle.library;
  if (ze === null) throw new Error("Level Zero is not loaded");
  return ze;
}

/** A device's identity for the stable order: UUID, else PCI address, else its index. */
function deviceKey(ze: ZeLibrary, handle: ZeHandle, index: number): string {
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
