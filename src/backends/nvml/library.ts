/**
 * Loading NVML and calling it. `openNvmlLibrary` tries the candidate names; the returned
 * `NvmlLibrary` picks, once, the newest variant of each versioned entry point the library
 * exports, and wraps every call so that a failure is an `NvmlError` carrying the code and
 * the library's own message. Nothing here decides what a failure means for a reading.
 */
import { readCStringPointer } from "../../ffi/c_string.ts";
import {
  type LibraryLoadFailure,
  openFirstLibrary,
  windowsSystemLibrary,
} from "../../ffi/open_library.ts";
import { fetchSizedList } from "../../ffi/sized_list.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { fallbackMessage, NvmlError, NvmlReturn } from "./return_codes.ts";
import {
  type DevicePairGetter,
  type DeviceSelectedU32Getter,
  type DeviceStringGetter,
  type DeviceU32Getter,
  NVML_SYMBOLS,
  type NvmlSymbols,
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
  PROCESS_INFO_V1,
  PROCESS_UTILIZATION_SAMPLE,
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

/** The library names to try, in order: `GPUTOP_NVML_LIB`, then the platform's defaults. */
export function nvmlLibraryCandidates(
  env: (name: string) => string | undefined,
  os: typeof Deno.build.os,
): string[] {
  const explicit = env("GPUTOP_NVML_LIB");
  // Never a bare "nvml.dll" on Windows: the default search includes the current folder.
  const defaults = os === "windows"
    ? [
      windowsSystemLibrary(env, "nvml.dll"),
      `${env("ProgramFiles") ?? "C:\\Program Files"}\\NVIDIA Corporation\\NVSMI\\nvml.dll`,
    ]
    : ["libnvidia-ml.so.1", "libnvidia-ml.so"];
  return explicit ? [explicit, ...defaults] : defaults;
}

/** The outcome of {@linkcode openNvmlLibrary}. */
export type OpenNvmlResult =
  | { ok: true; nvml: NvmlLibrary; failed: LibraryLoadFailure[] }
  | { ok: false; tried: string[]; failed: LibraryLoadFailure[] };

/** Opens the first candidate that loads with the NVML symbol table. */
export function openNvmlLibrary(candidates: readonly string[]): OpenNvmlResult {
  const result = openFirstLibrary(candidates, NVML_SYMBOLS);
  if (!result.ok) return result;
  return { ok: true, nvml: new NvmlLibrary(result.library, result.path), failed: result.failed };
}

/**
 * `nvmlInit` again, as `nonblocking` symbols: Deno runs such a call on a worker thread and
 * returns a Promise, so an init that blocks for seconds (a driver without persistence mode
 * loading its state) leaves the event loop free. Only init gets this treatment: the other
 * calls are short ioctls, and a nonblocking call costs ~19 µs against ~20 ns for a sync one.
 */
const NVML_INIT_V2_NONBLOCKING = {
  nvmlInit_v2: { parameters: [], result: "i32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;
const NVML_INIT_V1_NONBLOCKING = {
  nvmlInit: { parameters: [], result: "i32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;

/** Which process list a call reads. */
export type ProcessListKind = "compute" | "graphics";

/** One entry of a running-process list. */
export interface NvmlProcessInfo {
  pid: number;
  /** Bytes; `VALUE_NOT_AVAILABLE_U64` under Windows WDDM. */
  usedGpuMemory: bigint;
}

/** One `nvmlProcessUtilizationSample_t`. */
export interface NvmlProcessSample {
  pid: number;
  timeStampUs: bigint;
  smUtil: number;
  memUtil: number;
  encUtil: number;
  decUtil: number;
}

type DeviceHandle = Deno.PointerValue;

const STRING_BUFFER_SIZES: Record<DeviceStringGetter, number> = {
  nvmlDeviceGetName: DEVICE_NAME_V2_BUFFER_SIZE,
  nvmlDeviceGetUUID: DEVICE_UUID_V2_BUFFER_SIZE,
  nvmlDeviceGetSerial: DEVICE_SERIAL_BUFFER_SIZE,
};

/** A loaded NVML with its variants chosen. Calls throw `NvmlError` on a non-success code. */
export class NvmlLibrary {
  /** The candidate that loaded, as given. */
  readonly path: string;
  readonly choices: NvmlChoices;
  readonly #library: Deno.DynamicLibrary<typeof NVML_SYMBOLS>;
  readonly #symbols: NvmlSymbols;
  readonly #compute: ProcessListVariant | null;
  readonly #graphics: ProcessListVariant | null;
  #initLibrary: { init: () => Promise<number>; close(): void } | null = null;
  #closed = false;

  constructor(library: Deno.DynamicLibrary<typeof NVML_SYMBOLS>, path: string) {
    this.#library = library;
    this.#symbols = library.symbols;
    this.path = path;
    const lists = chooseProcessLists(this.#symbols);
    this.#compute = lists.compute;
    this.#graphics = lists.graphics;
    this.choices = describeChoices(this.#symbols, lists);
  }

  /** `nvmlInit_v2` (or v1); returns the code, since init failures are statuses, not errors. */
  init(): number {
    const init = this.#symbols.nvmlInit_v2 ?? this.#symbols.nvmlInit;
    return init ? init() : NvmlReturn.FUNCTION_NOT_FOUND;
  }

  /**
   * `init()` off the main thread (see NVML_INIT_NONBLOCKING). The same file is opened a
   * second time; the dynamic loader hands back the library already loaded, so both tables
   * reach one NVML. Never `close()` while this is pending: the session guard waits for it.
   */
  initAsync(): Promise<number> {
    if (this.#initLibrary === null) {
      try {
        this.#initLibrary = this.#openNonblockingInit();
      } catch {
        return Promise.resolve(this.init());
      }
      if (this.#initLibrary === null) return Promise.resolve(NvmlReturn.FUNCTION_NOT_FOUND);
    }
    return this.#initLibrary.init();
  }

  /** The nonblocking twin of whichever init entry point this library exports. */
  #openNonblockingInit(): { init: () => Promise<number>; close(): void } | null {
    if (this.#symbols.nvmlInit_v2) {
      const library = Deno.dlopen(this.path, NVML_INIT_V2_NONBLOCKING);
      return { init: () => library.symbols.nvmlInit_v2(), close: () => library.close() };
    }
    if (this.#symbols.nvmlInit) {
      const library = Deno.dlopen(this.path, NVML_INIT_V1_NONBLOCKING);
      return { init: () => library.symbols.nvmlInit(), close: () => library.close() };
    }
    return null;
  }

  shutdown(): number {
    return this.#symbols.nvmlShutdown();
  }

  /** The library's text for a code, or the local table's when it has none. */
  message(code: number): string {
    const text = readCStringPointer(this.#symbols.nvmlErrorString(code));
    return text === null || text === "" ? fallbackMessage(code) : text;
  }

  /** Works before init. */
  nvmlVersion(): string {
    return this.#string(
      "nvmlSystemGetNVMLVersion",
      SYSTEM_NVML_VERSION_BUFFER_SIZE,
      (b, n) => this.#symbols.nvmlSystemGetNVMLVersion(b, n),
    );
  }

  driverVersion(): string {
    return this.#string(
      "nvmlSystemGetDriverVersion",
      SYSTEM_DRIVER_VERSION_BUFFER_SIZE,
      (b, n) => this.#symbols.nvmlSystemGetDriverVersion(b, n),
    );
  }

  /** CUDA driver version as NVML encodes it (12020 = 12.2). */
  cudaDriverVersion(): number {
    const out = new Int32Array(1);
    const fn = this.#symbols.nvmlSystemGetCudaDriverVersion_v2 ??
      this.#symbols.nvmlSystemGetCudaDriverVersion;
    this.#check("nvmlSystemGetCudaDriverVersion", fn ? fn(out) : null);
    return out[0] ?? 0;
  }

  deviceCount(): number {
    const out = new Uint32Array(1);
    const fn = this.#symbols.nvmlDeviceGetCount_v2 ?? this.#symbols.nvmlDeviceGetCount;
    this.#check("nvmlDeviceGetCount", fn ? fn(out) : null);
    return out[0] ?? 0;
  }

  handle(index: number): DeviceHandle {
    const out = new BigUint64Array(1);
    const fn = this.#symbols.nvmlDeviceGetHandleByIndex_v2 ??
      this.#symbols.nvmlDeviceGetHandleByIndex;
    this.#check("nvmlDeviceGetHandleByIndex", fn ? fn(index, out) : null);
    return Deno.UnsafePointer.create(out[0] ?? 0n);
  }

  /** A `char*` device getter: name, UUID or serial. */
  deviceString(device: DeviceHandle, name: DeviceStringGetter): string {
    const size = STRING_BUFFER_SIZES[name];
    return this.#string(name, size, (b, n) => this.#symbols[name](device, b, n));
  }

  /** An `unsigned int*` device getter (units in symbols.ts). */
  deviceU32(device: DeviceHandle, name: DeviceU32Getter): number {
    const fn = this.#symbols[name];
    return this.#u32(name, (out) => fn ? fn(device, out) : null);
  }

  /** An `unsigned int*` device getter that takes a sensor or clock selector first. */
  deviceU32Of(device: DeviceHandle, name: DeviceSelectedU32Getter, selector: number): number {
    return this.#u32(name, (out) => this.#symbols[name](device, selector, out));
  }

  /** A getter with two `unsigned int*` / `int*` outputs (both non-negative in practice). */
  devicePair(device: DeviceHandle, name: DevicePairGetter): [number, number] {
    const first = new Uint32Array(1);
    const second = new Uint32Array(1);
    const fn = this.#symbols[name];
    this.#check(name, fn ? fn(device, first, second) : null);
    return [first[0] ?? 0, second[0] ?? 0];
  }

  /** The bus id string as NVML writes it (`00000000:07:00.0`); not yet normalised. */
  pciBusId(device: DeviceHandle): string {
    const s = this.#symbols;
    const info = new StructBuffer(PCI_INFO.size);
    const fn = s.nvmlDeviceGetPciInfo_v3 ?? s.nvmlDeviceGetPciInfo_v2;
    if (fn) {
      this.#check("nvmlDeviceGetPciInfo", fn(device, info.bytes));
      const busId = info.string(PCI_INFO.busId, PCI_BUS_ID_LENGTH);
      if (busId !== "") return busId;
    } else {
      const v1 = s.nvmlDeviceGetPciInfo;
      this.#check("nvmlDeviceGetPciInfo", v1 ? v1(device, info.bytes) : null);
    }
    return info.string(PCI_INFO.busIdLegacy, PCI_BUS_ID_LEGACY_LENGTH);
  }

  /** Bytes, from `_v2` when exported (its `used` includes reserved memory), else v1. */
  memory(device: DeviceHandle): { total: bigint; free: bigint; used: bigint } {
    const v2 = this.#symbols.nvmlDeviceGetMemoryInfo_v2;
    const layout = v2 ? MEMORY_V2 : MEMORY_V1;
    const memory = new StructBuffer(layout.size);
    if (v2) {
      memory.setU32(MEMORY_V2.version, MEMORY_V2_VERSION);
      this.#check("nvmlDeviceGetMemoryInfo_v2", v2(device, memory.bytes));
    } else {
      const v1 = this.#symbols.nvmlDeviceGetMemoryInfo;
      this.#check("nvmlDeviceGetMemoryInfo", v1 ? v1(device, memory.bytes) : null);
    }
    return {
      total: memory.u64(layout.total),
      free: memory.u64(layout.free),
      used: memory.u64(layout.used),
    };
  }

  /** GPU and memory-controller busy percentages. */
  utilization(device: DeviceHandle): { gpu: number; memory: number } {
    const rates = new StructBuffer(UTILIZATION.size);
    const name = "nvmlDeviceGetUtilizationRates";
    this.#check(name, this.#symbols[name](device, rates.bytes));
    return { gpu: rates.u32(UTILIZATION.gpu), memory: rates.u32(UTILIZATION.memory) };
  }

  /** Millijoules since the driver was loaded. */
  totalEnergyMillijoules(device: DeviceHandle): bigint {
    const out = new BigUint64Array(1);
    const fn = this.#symbols.nvmlDeviceGetTotalEnergyConsumption;
    this.#check("nvmlDeviceGetTotalEnergyConsumption", fn ? fn(device, out) : null);
    return out[0] ?? 0n;
  }

  /** A running-process list, retried when it grows between the size query and the fetch. */
  runningProcesses(device: DeviceHandle, kind: ProcessListKind): NvmlProcessInfo[] {
    const variant = kind === "compute" ? this.#compute : this.#graphics;
    const name = variant?.symbol ??
      `nvmlDevice${kind === "compute" ? "Compute" : "Graphics"}RunningProcesses`;
    if (!variant) throw notExported(name);
    const list = this.#list(
      name,
      variant.stride,
      (count, infos) => variant.call(device, count, infos),
    );
    const entries: NvmlProcessInfo[] = [];
    for (let i = 0; i < list.count; i++) {
      const base = i * variant.stride;
      entries.push({
        pid: list.view.u32(base + PROCESS_INFO_V1.pid),
        usedGpuMemory: list.view.u64(base + PROCESS_INFO_V1.usedGpuMemory),
      });
    }
    return entries;
  }

  /** Per-process utilisation samples newer than `lastSeenUs` (CPU µs; 0 = all buffered). */
  processUtilization(device: DeviceHandle, lastSeenUs: bigint): NvmlProcessSample[] {
    const fn = this.#symbols.nvmlDeviceGetProcessUtilization;
    const name = "nvmlDeviceGetProcessUtilization";
    if (!fn) throw notExported(name);
    const layout = PROCESS_UTILIZATION_SAMPLE;
    const list = this.#list(
      name,
      layout.size,
      (count, samples) => fn(device, samples, count, lastSeenUs),
    );
    const samples: NvmlProcessSample[] = [];
    for (let i = 0; i < list.count; i++) {
      const base = i * layout.size;
      samples.push({
        pid: list.view.u32(base + layout.pid),
        timeStampUs: list.view.u64(base + layout.timeStamp),
        smUtil: list.view.u32(base + layout.smUtil),
        memUtil: list.view.u32(base + layout.memUtil),
        encUtil: list.view.u32(base + layout.encUtil),
        decUtil: list.view.u32(base + layout.decUtil),
      });
    }
    return samples;
  }

  /** Unloads the library; safe to call twice. Call `shutdown()` first when initialised. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#initLibrary?.close();
    this.#initLibrary = null;
    this.#library.close();
  }

  #list(
    name: string,
    stride: number,
    call: (count: Uint32Array, buffer: Uint8Array | null) => number,
  ): { count: number; view: StructBuffer } {
    const result = fetchSizedList(call, {
      stride,
      success: NvmlReturn.SUCCESS,
      tooSmall: NvmlReturn.INSUFFICIENT_SIZE,
    });
    if (result.kind === "error") throw this.#error(name, result.code);
    if (result.kind === "kept-growing") {
      throw new NvmlError(
        NvmlReturn.INSUFFICIENT_SIZE,
        name,
        `list kept growing (${result.lastCount} entries after ${result.attempts} attempts)`,
      );
    }
    return { count: result.count, view: new StructBuffer(result.bytes) };
  }

  #u32(name: string, call: (out: Uint32Array) => number | null): number {
    const out = new Uint32Array(1);
    this.#check(name, call(out));
    return out[0] ?? 0;
  }

  #string(name: string, size: number, call: (buffer: Uint8Array, size: number) => number): string {
    const buffer = new StructBuffer(size);
    this.#check(name, call(buffer.bytes, size));
    return buffer.string(0, size);
  }

  /** Throws for a non-success code; `null` means the library does not export the function. */
  #check(name: string, code: number | null): void {
    if (code === null) throw notExported(name);
    if (code !== NvmlReturn.SUCCESS) throw this.#error(name, code);
  }

  #error(name: string, code: number): NvmlError {
    return new NvmlError(code, name, this.message(code));
  }
}

/** A function this library lacks reads as FUNCTION_NOT_FOUND, NVML's own code for it. */
function notExported(name: string): NvmlError {
  return new NvmlError(
    NvmlReturn.FUNCTION_NOT_FOUND,
    name,
    `${name} is not exported by this library`,
  );
}
