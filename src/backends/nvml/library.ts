/**
 * Loading NVML and calling it. `openNvmlLibrary` tries the candidate names; the returned
 * `NvmlLibrary` picks, once, the newest variant of each versioned entry point the library
 * exports, and wraps every call so that a failure is an `NvmlError` carrying the code and
 * the library's own message. Nothing here decides what a failure means for a reading.
 */
import { readCStringPointer } from "../../ffi/c_string.ts";
import { candidateList } from "../../ffi/library_candidates.ts";
import { newestSymbol } from "../../ffi/newest_symbol.ts";
import { type OpenedLibrary, openLibraryAs } from "../../ffi/open_library.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { VendorLibrary } from "../../ffi/vendor_library.ts";
import {
  type NvmlProcessInfo,
  type NvmlProcessSample,
  type ProcessListKind,
  readProcessUtilization,
  readRunningProcesses,
} from "./process_lists.ts";
import { NvmlEventCalls } from "./event_calls.ts";
import { NvmlHealthCalls } from "./health_calls.ts";
import { fallbackMessage, NvmlError, NvmlReturn } from "./return_codes.ts";
import {
  type DevicePairGetter,
  type DeviceSelectedU32Getter,
  type DeviceStringGetter,
  type DeviceU32Getter,
  NVML_SYMBOLS,
} from "./symbols.ts";
import {
  DEVICE_NAME_V2_BUFFER_SIZE,
  DEVICE_SERIAL_BUFFER_SIZE,
  DEVICE_UUID_V2_BUFFER_SIZE,
  MEMORY_V1,
  MEMORY_V2,
  MEMORY_V2_VERSION,
  PCI_BUS_ID_LEGACY_LENGTH,
  PCI_BUS_ID_LENGTH,
  PCI_INFO,
  SYSTEM_DRIVER_VERSION_BUFFER_SIZE,
  SYSTEM_NVML_VERSION_BUFFER_SIZE,
  UTILIZATION,
} from "./types.ts";
import {
  chooseProcessLists,
  describeChoices,
  type NvmlChoices,
  type ProcessListVariant,
} from "./variants.ts";

export type { NvmlProcessInfo, NvmlProcessSample, ProcessListKind };

/** The library names to try, in order: `GPUTOP_NVML_LIB`, then the platform's defaults. */
export const nvmlLibraryCandidates = candidateList({
  override: "GPUTOP_NVML_LIB",
  unix: ["libnvidia-ml.so.1", "libnvidia-ml.so"],
  windowsSystem: ["nvml.dll"],
  windowsExtra: (env) => [
    `${env("ProgramFiles") ?? "C:\\Program Files"}\\NVIDIA Corporation\\NVSMI\\nvml.dll`,
  ],
});

/** Opens the first candidate that loads with the NVML symbol table. */
export function openNvmlLibrary(candidates: readonly string[]): OpenedLibrary<NvmlLibrary> {
  return openLibraryAs(candidates, NVML_SYMBOLS, (library, path) => new NvmlLibrary(library, path));
}

type DeviceHandle = Deno.PointerValue;

const STRING_BUFFER_SIZES: Record<DeviceStringGetter, number> = {
  nvmlDeviceGetName: DEVICE_NAME_V2_BUFFER_SIZE,
  nvmlDeviceGetUUID: DEVICE_UUID_V2_BUFFER_SIZE,
  nvmlDeviceGetSerial: DEVICE_SERIAL_BUFFER_SIZE,
};

/** A loaded NVML with its variants chosen. Calls throw `NvmlError` on a non-success code. */
export class NvmlLibrary extends VendorLibrary<typeof NVML_SYMBOLS, NvmlError> {
  readonly choices: NvmlChoices;
  /** The health reads (health_calls.ts). */
  readonly health: NvmlHealthCalls;
  /** The event-set calls (event_calls.ts). */
  readonly events: NvmlEventCalls;
  readonly #compute: ProcessListVariant | null;
  readonly #graphics: ProcessListVariant | null;

  constructor(library: Deno.DynamicLibrary<typeof NVML_SYMBOLS>, path: string) {
    super(library, path, {
      success: NvmlReturn.SUCCESS,
      // A function this library lacks reads as FUNCTION_NOT_FOUND, NVML's own code for it.
      notExported: NvmlReturn.FUNCTION_NOT_FOUND,
      create: (code, symbol, message) => new NvmlError(code, symbol, message),
    });
    const lists = chooseProcessLists(this.symbols);
    this.#compute = lists.compute;
    this.#graphics = lists.graphics;
    this.choices = describeChoices(this.symbols, lists);
    this.health = new NvmlHealthCalls(this.symbols, this.calls);
    this.events = new NvmlEventCalls(this.symbols);
  }

  /** `nvmlInit_v2` (or v1); returns the code, since init failures are statuses, not errors. */
  init(): number {
    const init = newestSymbol(this.symbols, ["nvmlInit_v2", "nvmlInit"]);
    return init ? init.call() : NvmlReturn.FUNCTION_NOT_FOUND;
  }

  /**
   * `init()` off the main thread (src/ffi/nonblocking_init.ts), through whichever init entry
   * point this library exports. Never `close()` while this is pending: the library lifetime
   * waits for it.
   */
  initAsync(): Promise<number> {
    const init = newestSymbol(this.symbols, ["nvmlInit_v2", "nvmlInit"]);
    if (init === null) return Promise.resolve(NvmlReturn.FUNCTION_NOT_FOUND);
    const symbol = { name: init.name, parameters: [], result: "i32" } as const;
    return this.nonblockingInit(symbol, () => this.init()).call();
  }

  shutdown(): number {
    return this.symbols.nvmlShutdown();
  }

  /** The library's text for a code, or the local table's when it has none. */
  override message(code: number): string {
    const text = readCStringPointer(this.symbols.nvmlErrorString(code));
    return text === null || text === "" ? fallbackMessage(code) : text;
  }

  /** Works before init. */
  nvmlVersion(): string {
    return this.#string(
      "nvmlSystemGetNVMLVersion",
      SYSTEM_NVML_VERSION_BUFFER_SIZE,
      (b, n) => this.symbols.nvmlSystemGetNVMLVersion(b, n),
    );
  }

  driverVersion(): string {
    return this.#string(
      "nvmlSystemGetDriverVersion",
      SYSTEM_DRIVER_VERSION_BUFFER_SIZE,
      (b, n) => this.symbols.nvmlSystemGetDriverVersion(b, n),
    );
  }

  /** CUDA driver version as NVML encodes it (12020 = 12.2). */
  cudaDriverVersion(): number {
    const out = new Int32Array(1);
    const fn = newestSymbol(this.symbols, [
      "nvmlSystemGetCudaDriverVersion_v2",
      "nvmlSystemGetCudaDriverVersion",
    ]);
    this.calls.check("nvmlSystemGetCudaDriverVersion", fn ? fn.call(out) : null);
    return out[0] ?? 0;
  }

  deviceCount(): number {
    const fn = newestSymbol(this.symbols, ["nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"]);
    return this.calls.u32("nvmlDeviceGetCount", (out) => fn ? fn.call(out) : null);
  }

  handle(index: number): DeviceHandle {
    const fn = newestSymbol(this.symbols, [
      "nvmlDeviceGetHandleByIndex_v2",
      "nvmlDeviceGetHandleByIndex",
    ]);
    const name = "nvmlDeviceGetHandleByIndex";
    return Deno.UnsafePointer.create(
      this.calls.u64(name, (out) => fn ? fn.call(index, out) : null),
    );
  }

  /** MIG device `index` of a GPU in MIG mode; NOT_FOUND for an empty slot. */
  migDeviceHandle(device: DeviceHandle, index: number): DeviceHandle {
    const fn = this.symbols.nvmlDeviceGetMigDeviceHandleByIndex;
    const name = "nvmlDeviceGetMigDeviceHandleByIndex";
    return Deno.UnsafePointer.create(
      this.calls.u64(name, (out) => fn ? fn(device, index, out) : null),
    );
  }

  /** A `char*` device getter: name, UUID or serial. */
  deviceString(device: DeviceHandle, name: DeviceStringGetter): string {
    const size = STRING_BUFFER_SIZES[name];
    return this.#string(name, size, (b, n) => this.symbols[name](device, b, n));
  }

  /** An `unsigned int*` device getter (units in symbols.ts). */
  deviceU32(device: DeviceHandle, name: DeviceU32Getter): number {
    const fn = this.symbols[name];
    return this.calls.u32(name, (out) => fn ? fn(device, out) : null);
  }

  /** An `unsigned int*` device getter that takes a sensor or clock selector first. */
  deviceU32Of(device: DeviceHandle, name: DeviceSelectedU32Getter, selector: number): number {
    return this.calls.u32(name, (out) => this.symbols[name](device, selector, out));
  }

  /** A getter with two `unsigned int*` / `int*` outputs (both non-negative in practice). */
  devicePair(device: DeviceHandle, name: DevicePairGetter): [number, number] {
    const first = new Uint32Array(1);
    const second = new Uint32Array(1);
    const fn = this.symbols[name];
    this.calls.check(name, fn ? fn(device, first, second) : null);
    return [first[0] ?? 0, second[0] ?? 0];
  }

  /** The bus id string as NVML writes it (`00000000:07:00.0`); not yet normalised. */
  pciBusId(device: DeviceHandle): string {
    const s = this.symbols;
    const info = new StructBuffer(PCI_INFO.size);
    const fn = newestSymbol(s, ["nvmlDeviceGetPciInfo_v3", "nvmlDeviceGetPciInfo_v2"]);
    if (fn) {
      this.calls.check("nvmlDeviceGetPciInfo", fn.call(device, info.bytes));
      const busId = info.string(PCI_INFO.busId, PCI_BUS_ID_LENGTH);
      if (busId !== "") return busId;
    } else {
      const v1 = s.nvmlDeviceGetPciInfo;
      this.calls.check("nvmlDeviceGetPciInfo", v1 ? v1(device, info.bytes) : null);
    }
    return info.string(PCI_INFO.busIdLegacy, PCI_BUS_ID_LEGACY_LENGTH);
  }

  /**
   * Bytes, from `_v2` when exported (its `used` includes reserved memory), else v1; also v1
   * when `_v2` refuses the call itself (a version it does not take, or not supported here).
   */
  memory(device: DeviceHandle): { total: bigint; free: bigint; used: bigint } {
    const v2 = this.symbols.nvmlDeviceGetMemoryInfo_v2;
    if (v2) {
      const memory = new StructBuffer(MEMORY_V2.size);
      memory.setU32(MEMORY_V2.version, MEMORY_V2_VERSION);
      const code = v2(device, memory.bytes);
      if (code === NvmlReturn.SUCCESS) return memoryFields(memory, MEMORY_V2);
      if (!MEMORY_V2_REFUSALS.includes(code)) this.calls.check("nvmlDeviceGetMemoryInfo_v2", code);
    }
    const memory = new StructBuffer(MEMORY_V1.size);
    const v1 = this.symbols.nvmlDeviceGetMemoryInfo;
    this.calls.check("nvmlDeviceGetMemoryInfo", v1 ? v1(device, memory.bytes) : null);
    return memoryFields(memory, MEMORY_V1);
  }

  /** GPU and memory-controller busy percentages. */
  utilization(device: DeviceHandle): { gpu: number; memory: number } {
    const rates = new StructBuffer(UTILIZATION.size);
    const name = "nvmlDeviceGetUtilizationRates";
    this.calls.check(name, this.symbols[name](device, rates.bytes));
    return { gpu: rates.u32(UTILIZATION.gpu), memory: rates.u32(UTILIZATION.memory) };
  }

  /** Millijoules since the driver was loaded. */
  totalEnergyMillijoules(device: DeviceHandle): bigint {
    const fn = this.symbols.nvmlDeviceGetTotalEnergyConsumption;
    const name = "nvmlDeviceGetTotalEnergyConsumption";
    return this.calls.u64(name, (out) => fn ? fn(device, out) : null);
  }

  /** A running-process list, retried when it grows between the size query and the fetch. */
  runningProcesses(device: DeviceHandle, kind: ProcessListKind): NvmlProcessInfo[] {
    const variant = kind === "compute" ? this.#compute : this.#graphics;
    return readRunningProcesses(this.calls, variant, kind, device);
  }

  /** Per-process utilisation samples newer than `lastSeenUs` (CPU µs; 0 = all buffered). */
  processUtilization(device: DeviceHandle, lastSeenUs: bigint): NvmlProcessSample[] {
    return readProcessUtilization(this.calls, this.symbols, device, lastSeenUs);
  }

  #string(name: string, size: number, call: (buffer: Uint8Array, size: number) => number): string {
    return this.calls.struct(name, size, (bytes) => call(bytes, size)).string(0, size);
  }
}

/**
 * What `nvmlDeviceGetMemoryInfo_v2` answers when it cannot serve the call at all, so v1 is
 * asked instead (types.ts, MEMORY_V2_VERSION, says which library answers which).
 */
const MEMORY_V2_REFUSALS: readonly number[] = [
  NvmlReturn.ARGUMENT_VERSION_MISMATCH,
  NvmlReturn.FUNCTION_NOT_FOUND,
  NvmlReturn.NOT_SUPPORTED,
];

function memoryFields(
  memory: StructBuffer,
  layout: { total: number; free: number; used: number },
): { total: bigint; free: bigint; used: bigint } {
  return {
    total: memory.u64(layout.total),
    free: memory.u64(layout.free),
    used: memory.u64(layout.used),
  };
}
