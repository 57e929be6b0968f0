/**
 * The NVML backend: NVIDIA devices and their compute / graphics processes through
 * `libnvidia-ml.so.1` or `nvml.dll`, loaded at `open()`, never at import. The open / read /
 * close skeleton is src/backends/vendor_library_backend.ts; this is NVML's side of it.
 */
import { NVML_INFO } from "./info.ts";
import type { BackendContext, BackendOpenResult } from "../backend.ts";
import type { ListedDevice, VendorLibraryParts } from "../vendor_library_backend.ts";
import { loadFirst, vendorLibraryDescriptor } from "../vendor_library_backend.ts";
import { notLoadedNote } from "../../ffi/open_library.ts";
import { nullOnError } from "../../ffi/field_reader.ts";
import type { InitFailure } from "../../ffi/library_references.ts";
import { errorMessage } from "../../model/errors.ts";
import type { DeviceReading, ProcessReading } from "../../model/types.ts";
import { cudaVersionText } from "./convert.ts";
import { nvmlLibraryCandidates, openNvmlLibrary } from "./library.ts";
import { NvmlLifecycle } from "./lifecycle.ts";
import { type NvmlMigRead, readMigDevices } from "./read_mig.ts";
import { type NvmlSystemInfo, readDevice } from "./read_device.ts";
import type { SlowHealth } from "./read_health.ts";
import { SlowHealthCache } from "../slow_health_cache.ts";
import { readProcesses, type UtilizationCursor } from "./read_processes.ts";
import { NvmlError, NvmlReturn } from "./return_codes.ts";
import { XidEventWatch } from "./xid_events.ts";

/** The registry entry for NVML. */
export const nvmlBackend = vendorLibraryDescriptor(NVML_INFO, () => new NvmlParts(), {
  inWorker: true,
});

/** The detail of a GPU in MIG mode that has no MIG device configured. */
const MIG_NO_INSTANCES = "MIG on, no instances";

/** Detail for the one init failure that is an ordinary state, not a fault. */
const DRIVER_NOT_LOADED_DETAIL = "NVIDIA driver not loaded";

/** A device as listed in one lifetime epoch: its NVML index then, and its handle. */
interface NvmlDevice {
  index: number;
  /** The device's key (UUID, else PCI address): Xid counts are kept under it. */
  key: string;
  /** Undefined when NVML would not give one: readDevice asks again and reports why. */
  handle: Deno.PointerValue | undefined;
}

class NvmlParts implements VendorLibraryParts<NvmlLifecycle, NvmlDevice> {
  readonly label = "NVML";
  readonly #cursor: UtilizationCursor = new Map();
  #slowHealth: SlowHealthCache<SlowHealth> | null = null;

  load(ctx: BackendContext) {
    this.#slowHealth = new SlowHealthCache(() => ctx.nowMs());
    const opened = openNvmlLibrary(nvmlLibraryCandidates(ctx.env, ctx.os));
    return loadFirst("NVML library", opened, (nvml, failed) => {
      // Xid events only mean something to a loop that keeps watching (live modes).
      const xid = ctx.rescanIntervalMs !== null ? new XidEventWatch() : null;
      return new NvmlLifecycle(nvml, notLoadedNote(failed), xid);
    });
  }

  initFailedStatus(lifecycle: NvmlLifecycle, failure: InitFailure): BackendOpenResult {
    const code = failure.code;
    const unavailable = code === NvmlReturn.DRIVER_NOT_LOADED ||
      code === NvmlReturn.LIBRARY_NOT_FOUND;
    const version = lifecycle.nvmlVersion;
    return {
      status: unavailable ? "unavailable" : "error",
      detail: code === NvmlReturn.DRIVER_NOT_LOADED
        ? DRIVER_NOT_LOADED_DETAIL
        : `NVML initialisation failed: ${failure.message}`,
      library: lifecycle.path,
      version: version === null ? null : `NVML ${version}`,
    };
  }

  openedStatus(lifecycle: NvmlLifecycle): BackendOpenResult {
    const driver = nullOnError(NvmlError, () => lifecycle.nvml.driverVersion());
    return {
      status: "ok",
      detail: null,
      library: lifecycle.path,
      version: versionText(driver, lifecycle.nvmlVersion),
    };
  }

  initCallError(code: number, message: string): Error {
    return new NvmlError(code, "nvmlInit", message);
  }

  /** Every device by index, keyed by UUID, else PCI address. */
  listDevices({ nvml, xid }: NvmlLifecycle) {
    const devices: ListedDevice<NvmlDevice>[] = [];
    try {
      const count = nvml.deviceCount();
      for (let index = 0; index < count; index++) {
        let handle: Deno.PointerValue | undefined;
        try {
          handle = nvml.handle(index);
        } catch {
          const key = `index:${index}`;
          devices.push({ key, handle: { index, key, handle: undefined } });
          continue;
        }
        const key = nullOnError(NvmlError, () => nvml.deviceString(handle, "nvmlDeviceGetUUID")) ??
          nullOnError(NvmlError, () => nvml.pciBusId(handle)) ?? `index:${index}`;
        xid?.register(nvml.events, handle, key);
        devices.push({ key, handle: { index, key, handle } });
      }
    } catch (error) {
      throw new Error(`cannot count NVIDIA devices: ${errorMessage(error)}`);
    }
    return { devices };
  }

  read({ nvml, xid }: NvmlLifecycle, listed: () => readonly NvmlDevice[]) {
    const system: NvmlSystemInfo = {
      driverVersion: nullOnError(NvmlError, () => nvml.driverVersion()),
      cudaDriverVersion: cudaVersionText(
        nullOnError(NvmlError, () => nvml.cudaDriverVersion()) ?? 0,
      ),
    };
    const devices: DeviceReading[] = [];
    const processes: ProcessReading[] = [];
    const problems: string[] = [];
    const sample = { devices, processes, problems };
    const epochDevices = listed(); // registers this epoch's devices for events, once
    xid?.drain(nvml.events);
    for (const { index, key, handle: known } of epochDevices) {
      const { reading, handle } = readDevice(nvml, index, system, known, this.#slowHealth);
      xid?.apply(reading, key);
      devices.push(reading);
      if (handle === null) continue;
      const mig = reading.migMode === true
        ? readMigDevices(nvml, { handle, reading }, system, this.#cursor)
        : null;
      if (mig !== null) addMig(sample, index, reading, mig);
      // A MIG GPU's processes are its MIG devices'; the parent's own lists would repeat them.
      // Only when no MIG device could be read are they the parent's, so none is lost.
      if (mig !== null && (mig.devices.length > 0 || mig.failures.length === 0)) continue;
      const found = readProcesses(nvml, { handle, localId: reading.localId }, this.#cursor);
      processes.push(...found.processes);
      for (const problem of found.problems) problems.push(`GPU ${index} ${problem}`);
    }
    return sample;
  }
}

/**
 * A MIG GPU's MIG devices, listed right after it; a MIG handle that failed is named in the
 * parent's `error`, and a GPU in MIG mode with no instance says so in the reading's detail.
 */
function addMig(
  sample: { devices: DeviceReading[]; processes: ProcessReading[]; problems: string[] },
  index: number,
  parent: DeviceReading,
  mig: NvmlMigRead,
): void {
  sample.devices.push(...mig.devices);
  sample.processes.push(...mig.processes);
  if (mig.failures.length > 0) {
    parent.error = [parent.error, ...mig.failures].filter((text) => text).join("; ");
  }
  if (mig.noInstances) sample.problems.push(`GPU ${index} ${MIG_NO_INSTANCES}`);
}

function versionText(driver: string | null, nvmlVersion: string | null): string | null {
  if (driver === null) return nvmlVersion === null ? null : `NVML ${nvmlVersion}`;
  return nvmlVersion === null ? driver : `${driver} (NVML ${nvmlVersion})`;
}
