/**
 * Loading libamd_smi and calling it. `openAmdsmiLibrary` tries the candidate names; the
 * returned `AmdsmiLibrary` wraps every call so a failure is an `AmdsmiError` carrying the
 * status and the library's own message, and reads every struct with the layout set of the
 * generation it was given (`useLayouts`, decided by generation.ts after init). Nothing here
 * decides what a failure means for a reading.
 */
import { readCStringPointer } from "../../ffi/c_string.ts";
import { libraryCandidates } from "../../ffi/library_candidates.ts";
import { type LibraryLoadFailure, openFirstLibrary } from "../../ffi/open_library.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { type VendorCalls, vendorCalls } from "../../ffi/vendor_call_error.ts";
import { fetchGrowingList, fetchHandleList, type ListResult } from "./bounded_list.ts";
import { type LibVersion, parseLibVersion } from "./generation.ts";
import { AmdsmiError, AmdsmiStatus, fallbackMessage } from "./return_codes.ts";
import { AMDSMI_SYMBOLS, type AmdsmiSymbols } from "./symbols.ts";
import {
  BDF,
  ENGINE_USAGE,
  FIRST_PROCESS_CAPACITY,
  GPU_UUID_SIZE,
  HANDLE_SIZE,
  INIT_AMD_GPUS,
  type LayoutSet,
  MAX_PROCESSES,
  MAX_PROCESSORS_PER_SOCKET,
  MAX_SOCKETS,
  MAX_STRUCT_SIZE,
  PROCESS_HANDLE_SIZE,
  VRAM_USAGE,
} from "./types.ts";

const SONAMES = ["libamd_smi.so.26", "libamd_smi.so.25", "libamd_smi.so.24", "libamd_smi.so"];

/**
 * The library names to try: `GPUTOP_AMDSMI_LIB`, the sonames newest first, then the same
 * under /opt/rocm/lib (ROCm's default prefix, often not on the loader path). Never
 * librocm_smi64: it exports the same `rsmi_*` symbols as the copy libamd_smi embeds.
 */
export function amdsmiLibraryCandidates(
  env: (name: string) => string | undefined,
  os: typeof Deno.build.os,
): string[] {
  if (os !== "linux") return [];
  return libraryCandidates(
    {
      override: "GPUTOP_AMDSMI_LIB",
      unix: [...SONAMES, ...SONAMES.map((name) => `/opt/rocm/lib/${name}`)],
      windowsSystem: [],
    },
    env,
    os,
  );
}

/** The outcome of {@linkcode openAmdsmiLibrary}. */
export type OpenAmdsmiResult =
  | { ok: true; library: AmdsmiLibrary; failed: LibraryLoadFailure[] }
  | { ok: false; tried: string[]; failed: LibraryLoadFailure[] };

/**
 * Opens the first candidate that loads with the AMD SMI symbol table. A file without the
 * required symbols (some other library) fails to load and counts as not found.
 */
export function openAmdsmiLibrary(candidates: readonly string[]): OpenAmdsmiResult {
  const result = openFirstLibrary(candidates, AMDSMI_SYMBOLS);
  if (!result.ok) return result;
  return {
    ok: true,
    library: new AmdsmiLibrary(result.library, result.path),
    failed: result.failed,
  };
}

export type Handle = Deno.PointerValue;

/**
 * `amdsmi_init` again, as a `nonblocking` symbol: Deno runs such a call on a worker thread and
 * returns a Promise, so an init that blocks (the driver loading its state) leaves the event
 * loop free. Only init gets this treatment: the other calls are short, and a nonblocking call
 * costs microseconds against nanoseconds for a synchronous one.
 */
const AMDSMI_INIT_NONBLOCKING = {
  amdsmi_init: { parameters: ["u64"], result: "u32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;

/** One process on one GPU, as the library reports it. */
export interface AmdsmiProcess {
  pid: number;
  name: string;
  /** Bytes, all placements. */
  memBytes: bigint;
  vramBytes: bigint;
  gttBytes: bigint;
  cpuBytes: bigint;
  /** Cumulative busy time, ns. */
  gfxNs: bigint;
  encNs: bigint;
}

export interface PowerInfo {
  /** W, 6.4+ only. */
  socketPower: bigint | null;
  currentSocketPower: number;
  averageSocketPower: number;
  /** µW. */
  powerLimit: number;
}

/** A loaded libamd_smi. Calls throw `AmdsmiError` on a non-success status. */
export class AmdsmiLibrary {
  /** The candidate that loaded, as given. */
  readonly path: string;
  readonly #library: Deno.DynamicLibrary<typeof AMDSMI_SYMBOLS>;
  readonly #symbols: AmdsmiSymbols;
  readonly #calls: VendorCalls<AmdsmiError>;
  #layouts: LayoutSet | null = null;
  #initLibrary: Deno.DynamicLibrary<typeof AMDSMI_INIT_NONBLOCKING> | null = null;
  #closed = false;

  constructor(library: Deno.DynamicLibrary<typeof AMDSMI_SYMBOLS>, path: string) {
    this.#library = library;
    this.#symbols = library.symbols;
    this.path = path;
    this.#calls = vendorCalls({
      success: AmdsmiStatus.SUCCESS,
      // AMD SMI has no "function not found" status; NOT_YET_IMPLEMENTED is the closest.
      notExported: AmdsmiStatus.NOT_YET_IMPLEMENTED,
      message: (code) => this.message(code),
      create: (code, symbol, message) => new AmdsmiError(code, symbol, message),
    });
  }

  /**
   * True for the 6.0.x / 6.1.0 ABI, whose process list holds only pids: the only one that
   * exports `amdsmi_get_gpu_process_info` (6.1.1 removed it when the list became structs).
   */
  get pidOnlyProcessList(): boolean {
    return this.#symbols.amdsmi_get_gpu_process_info !== null;
  }

  /** The layout set every struct read uses; set once the generation is known. */
  useLayouts(layouts: LayoutSet): void {
    this.#layouts = layouts;
  }

  get layouts(): LayoutSet {
    if (this.#layouts === null) throw new Error("AMD SMI layouts not chosen yet");
    return this.#layouts;
  }

  /** `amdsmi_init(AMDSMI_INIT_AMD_GPUS)`; returns the status: init failures are states. */
  init(): number {
    return this.#symbols.amdsmi_init(INIT_AMD_GPUS);
  }

  /**
   * `init()` off the main thread. The same file is opened a second time with only the
   * nonblocking `amdsmi_init`; the dynamic loader hands back the library already loaded, so
   * both tables reach one AMD SMI. Never `close()` while this is pending: the session guard
   * waits for it. Falls back to the synchronous call if the second open fails.
   */
  initAsync(): Promise<number> {
    if (this.#initLibrary === null) {
      try {
        this.#initLibrary = Deno.dlopen(this.path, AMDSMI_INIT_NONBLOCKING);
      } catch {
        return Promise.resolve(this.init());
      }
    }
    return this.#initLibrary.symbols.amdsmi_init(INIT_AMD_GPUS);
  }

  shutdown(): number {
    return this.#symbols.amdsmi_shut_down();
  }

  /** The library's text for a status (its static string), or the local table's. */
  message(code: number): string {
    const fn = this.#symbols.amdsmi_status_code_to_string;
    if (fn !== null) {
      const out = new BigUint64Array(1);
      if (fn(code, new Uint8Array(out.buffer)) === AmdsmiStatus.SUCCESS && out[0] !== 0n) {
        const text = readCStringPointer(Deno.UnsafePointer.create(out[0] ?? 0n));
        if (text) return text;
      }
    }
    return fallbackMessage(code);
  }

  /**
   * The library version from `build` (a `const char*` at 16 in both struct forms), else from
   * the leading numbers: A70 has `major` at 0 (26 and up); earlier ones `year`, `major`.
   */
  libVersion(): LibVersion {
    const fn = this.#symbols.amdsmi_get_lib_version;
    const version = new StructBuffer(MAX_STRUCT_SIZE.version);
    this.#calls.check("amdsmi_get_lib_version", fn ? fn(version.bytes) : null);
    const build = version.u64(16);
    const text = build === 0n ? null : readCStringPointer(Deno.UnsafePointer.create(build));
    const parsed = text === null ? null : parseLibVersion(text);
    if (parsed !== null) return parsed;
    const first = version.u32(0);
    const second = version.u32(4);
    return { first, second, text: `${first}.${second}` };
  }

  sockets(): Handle[] {
    const fn = this.#symbols.amdsmi_get_socket_handles;
    return this.#handles(
      "amdsmi_get_socket_handles",
      MAX_SOCKETS,
      (count, buffer) => fn(count, buffer),
    );
  }

  processors(socket: Handle): Handle[] {
    const fn = this.#symbols.amdsmi_get_processor_handles;
    return this.#handles(
      "amdsmi_get_processor_handles",
      MAX_PROCESSORS_PER_SOCKET,
      (count, buffer) => fn(socket, count, buffer),
    );
  }

  processorType(handle: Handle): number {
    const fn = this.#symbols.amdsmi_get_processor_type;
    const out = new Uint32Array(1);
    this.#calls.check("amdsmi_get_processor_type", fn ? fn(handle, out) : null);
    return out[0] ?? 0;
  }

  /** The raw `amdsmi_bdf_t` as one u64 (decode with convert.ts). */
  bdf(handle: Handle): bigint {
    const fn = this.#symbols.amdsmi_get_gpu_device_bdf;
    const out = new BigUint64Array(BDF.size / 8);
    this.#calls.check("amdsmi_get_gpu_device_bdf", fn ? fn(handle, out) : null);
    return out[0] ?? 0n;
  }

  uuid(handle: Handle): string {
    const fn = this.#symbols.amdsmi_get_gpu_device_uuid;
    // Room beyond the AMDSMI_GPU_UUID_SIZE (38) the library needs; the length passed is ours.
    const buffer = new StructBuffer(GPU_UUID_SIZE * 2);
    const length = new Uint32Array([buffer.size]);
    this.#calls.check("amdsmi_get_gpu_device_uuid", fn ? fn(handle, length, buffer.bytes) : null);
    return buffer.string(0, buffer.size);
  }

  asicInfo(handle: Handle): { marketName: string; asicSerial: string; deviceId: bigint } {
    const layout = this.layouts.asicInfo;
    const info = this.#struct("amdsmi_get_gpu_asic_info", MAX_STRUCT_SIZE.asicInfo, (b) => {
      const fn = this.#symbols.amdsmi_get_gpu_asic_info;
      return fn ? fn(handle, b) : null;
    });
    return {
      marketName: info.string(layout.marketName, layout.marketNameLength),
      asicSerial: info.string(layout.asicSerial, layout.asicSerialLength),
      deviceId: info.u64(layout.deviceId),
    };
  }

  boardProductName(handle: Handle): string {
    const layout = this.layouts.boardInfo;
    const info = this.#struct("amdsmi_get_gpu_board_info", MAX_STRUCT_SIZE.boardInfo, (b) => {
      const fn = this.#symbols.amdsmi_get_gpu_board_info;
      return fn ? fn(handle, b) : null;
    });
    return info.string(layout.productName, layout.productNameLength);
  }

  driverInfo(handle: Handle): { version: string; name: string } {
    const layout = this.layouts.driverInfo;
    const info = this.#struct("amdsmi_get_gpu_driver_info", MAX_STRUCT_SIZE.driverInfo, (b) => {
      const fn = this.#symbols.amdsmi_get_gpu_driver_info;
      return fn ? fn(handle, b) : null;
    });
    return {
      version: info.string(layout.driverVersion, layout.stringLength),
      name: info.string(layout.driverName, layout.stringLength),
    };
  }

  /** Percent; 0xFFFF / 0xFFFFFFFF when not available. */
  activity(handle: Handle): { gfx: number; umc: number; mm: number } {
    const usage = this.#struct("amdsmi_get_gpu_activity", ENGINE_USAGE.size, (b) => {
      const fn = this.#symbols.amdsmi_get_gpu_activity;
      return fn ? fn(handle, b) : null;
    });
    return {
      gfx: usage.u32(ENGINE_USAGE.gfxActivity),
      umc: usage.u32(ENGINE_USAGE.umcActivity),
      mm: usage.u32(ENGINE_USAGE.mmActivity),
    };
  }

  /** Bytes, from sysfs `mem_info_*` inside the library. */
  memoryTotal(handle: Handle, type: number): bigint {
    const fn = this.#symbols.amdsmi_get_gpu_memory_total;
    const out = new BigUint64Array(1);
    this.#calls.check("amdsmi_get_gpu_memory_total", fn ? fn(handle, type, out) : null);
    return out[0] ?? 0n;
  }

  memoryUsage(handle: Handle, type: number): bigint {
    const fn = this.#symbols.amdsmi_get_gpu_memory_usage;
    const out = new BigUint64Array(1);
    this.#calls.check("amdsmi_get_gpu_memory_usage", fn ? fn(handle, type, out) : null);
    return out[0] ?? 0n;
  }

  /** MiB. */
  vramUsage(handle: Handle): { totalMiB: number; usedMiB: number } {
    const usage = this.#struct("amdsmi_get_gpu_vram_usage", VRAM_USAGE.size, (b) => {
      const fn = this.#symbols.amdsmi_get_gpu_vram_usage;
      return fn ? fn(handle, b) : null;
    });
    return { totalMiB: usage.u32(VRAM_USAGE.vramTotal), usedMiB: usage.u32(VRAM_USAGE.vramUsed) };
  }

  /** The CURRENT metric of one sensor, °C (int64). */
  temperature(handle: Handle, sensor: number, metric: number): bigint {
    const fn = this.#symbols.amdsmi_get_temp_metric;
    const out = new BigInt64Array(1);
    this.#calls.check("amdsmi_get_temp_metric", fn ? fn(handle, sensor, metric, out) : null);
    return out[0] ?? 0n;
  }

  powerInfo(handle: Handle): PowerInfo {
    const layout = this.layouts.power;
    const info = this.#struct("amdsmi_get_power_info", MAX_STRUCT_SIZE.power, (b) => {
      const fn = this.#symbols.amdsmi_get_power_info;
      return fn ? fn(handle, b) : null;
    });
    return {
      socketPower: layout.socketPower === null ? null : info.u64(layout.socketPower),
      currentSocketPower: info.u32(layout.currentSocketPower),
      averageSocketPower: info.u32(layout.averageSocketPower),
      powerLimit: info.u32(layout.powerLimit),
    };
  }

  /** The energy accumulator and its resolution (µJ per count, a C float). */
  energy(handle: Handle): { count: bigint; resolutionMicrojoules: number } {
    const fn = this.#symbols.amdsmi_get_energy_count;
    const count = new BigUint64Array(1);
    const resolution = new Float32Array(1);
    const timestamp = new BigUint64Array(1);
    this.#calls.check(
      "amdsmi_get_energy_count",
      fn ? fn(handle, count, resolution, timestamp) : null,
    );
    return { count: count[0] ?? 0n, resolutionMicrojoules: resolution[0] ?? Number.NaN };
  }

  /** The current clock of one domain, MHz. */
  clock(handle: Handle, type: number): number {
    const layout = this.layouts.clock;
    const info = this.#struct("amdsmi_get_clock_info", layout.size, (b) => {
      const fn = this.#symbols.amdsmi_get_clock_info;
      return fn ? fn(handle, type, b) : null;
    });
    return info.u32(layout.clk);
  }

  /** Every process on the GPU, in either ABI form; throws rather than truncate. */
  processes(handle: Handle): AmdsmiProcess[] {
    const fn = this.#symbols.amdsmi_get_gpu_process_list;
    const name = "amdsmi_get_gpu_process_list";
    if (fn === null) throw this.#calls.notExported(name);
    const pidOnly = this.pidOnlyProcessList;
    const layout = this.layouts.procInfo;
    const stride = pidOnly ? PROCESS_HANDLE_SIZE : layout.size;
    const result = fetchGrowingList((count, buffer) => fn(handle, count, buffer), {
      stride,
      success: AmdsmiStatus.SUCCESS,
      tooSmall: AmdsmiStatus.OUT_OF_RESOURCES,
      firstCapacity: FIRST_PROCESS_CAPACITY,
      limit: MAX_PROCESSES,
    });
    const list = this.#listOrThrow(name, result);
    const processes: AmdsmiProcess[] = [];
    for (let i = 0; i < list.count; i++) {
      if (pidOnly) {
        const pid = list.view.u32(i * PROCESS_HANDLE_SIZE);
        const info = this.#processInfo(handle, pid);
        if (info !== null) processes.push(info);
      } else {
        processes.push(this.#readProc(list.view, i * stride));
      }
    }
    return processes;
  }

  /** Unloads the library; safe to call twice. Call `shutdown()` first when initialised. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#initLibrary?.close();
    this.#initLibrary = null;
    this.#library.close();
  }

  /**
   * 6.0.x / 6.1.0: one `amdsmi_get_gpu_process_info` per pid of the list; null for a process
   * that ended since the list was taken (NOT_FOUND).
   */
  #processInfo(handle: Handle, pid: number): AmdsmiProcess | null {
    const fn = this.#symbols.amdsmi_get_gpu_process_info;
    const info = new StructBuffer(MAX_STRUCT_SIZE.procInfo);
    const code = fn ? fn(handle, pid, info.bytes) : null;
    if (code === AmdsmiStatus.NOT_FOUND) return null;
    this.#calls.check("amdsmi_get_gpu_process_info", code);
    const read = this.#readProc(info, 0);
    // The list named this pid; a library that echoes another one is not trusted on it.
    return { ...read, pid };
  }

  #readProc(view: StructBuffer, base: number): AmdsmiProcess {
    const layout = this.layouts.procInfo;
    return {
      pid: view.u32(base + layout.pid),
      name: view.string(base + layout.name, layout.nameLength),
      memBytes: view.u64(base + layout.mem),
      vramBytes: view.u64(base + layout.vramMem),
      gttBytes: view.u64(base + layout.gttMem),
      cpuBytes: view.u64(base + layout.cpuMem),
      gfxNs: view.u64(base + layout.engineGfx),
      encNs: view.u64(base + layout.engineEnc),
    };
  }

  #handles(
    name: string,
    limit: number,
    call: (count: Uint32Array, buffer: Uint8Array | null) => number,
  ): Handle[] {
    const result = fetchHandleList(call, {
      stride: HANDLE_SIZE,
      success: AmdsmiStatus.SUCCESS,
      limit,
    });
    const list = this.#listOrThrow(name, result);
    const handles: Handle[] = [];
    for (let i = 0; i < list.count; i++) {
      handles.push(Deno.UnsafePointer.create(list.view.u64(i * HANDLE_SIZE)));
    }
    return handles;
  }

  #listOrThrow(name: string, result: ListResult): { count: number; view: StructBuffer } {
    switch (result.kind) {
      case "ok":
        return { count: result.count, view: new StructBuffer(result.bytes) };
      case "error":
        throw this.#calls.error(name, result.code);
      case "too-many":
        throw new AmdsmiError(
          AmdsmiStatus.UNEXPECTED_DATA,
          name,
          `library reported ${result.reported} entries (more than ${result.limit}); not trusted`,
        );
      case "kept-growing":
        throw new AmdsmiError(
          AmdsmiStatus.OUT_OF_RESOURCES,
          name,
          `list kept growing (${result.lastCount} entries after ${result.attempts} attempts)`,
        );
    }
  }

  #struct(name: string, size: number, call: (bytes: Uint8Array) => number | null): StructBuffer {
    const buffer = new StructBuffer(size);
    this.#calls.check(name, call(buffer.bytes));
    return buffer;
  }
}
