/**
 * Loading libamd_smi and calling it. `openAmdsmiLibrary` tries the candidate names; the
 * returned `AmdsmiLibrary` wraps every call so a failure is an `AmdsmiError` carrying the
 * status and the library's own message, and reads every struct with the layout set of the
 * generation it was given (`useLayouts`, decided by generation.ts after init). Nothing here
 * decides what a failure means for a reading.
 */
import { readCStringPointer } from "../../ffi/c_string.ts";
import { candidateList } from "../../ffi/library_candidates.ts";
import { type OpenedLibrary, openLibraryAs } from "../../ffi/open_library.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { VendorLibrary } from "../../ffi/vendor_library.ts";
import {
  decodeAsicInfo,
  decodeDriverInfo,
  decodeLibVersion,
  decodePowerInfo,
  type PowerInfo,
} from "./decode.ts";
import type { LibVersion } from "./generation.ts";
import { AmdsmiHealthCalls } from "./health_calls.ts";
import type { PowerLimitUnit } from "./power_limit_unit.ts";
import { type AmdsmiProcess, type Handle, readHandles, readProcessList } from "./lists.ts";
import { AmdsmiError, AmdsmiStatus, fallbackMessage } from "./return_codes.ts";
import { AMDSMI_SYMBOLS, type HandleStructGetter } from "./symbols.ts";
import {
  BDF,
  ENGINE_USAGE,
  GPU_UUID_SIZE,
  INIT_AMD_GPUS,
  type LayoutSet,
  MAX_PROCESSORS_PER_SOCKET,
  MAX_SOCKETS,
  MAX_STRUCT_SIZE,
  VRAM_USAGE,
} from "./types.ts";

export type { AmdsmiProcess, Handle, PowerInfo };

const SONAMES = ["libamd_smi.so.26", "libamd_smi.so.25", "libamd_smi.so.24", "libamd_smi.so"];

/**
 * The library names to try: `GPUTOP_AMDSMI_LIB`, the sonames newest first, then the same
 * under /opt/rocm/lib (ROCm's default prefix, often not on the loader path). Never
 * librocm_smi64: it exports the same `rsmi_*` symbols as the copy libamd_smi embeds.
 */
export const amdsmiLibraryCandidates = candidateList({
  override: "GPUTOP_AMDSMI_LIB",
  unix: [...SONAMES, ...SONAMES.map((name) => `/opt/rocm/lib/${name}`)],
  windowsSystem: [],
  systems: ["linux"],
});

/**
 * Opens the first candidate that loads with the AMD SMI symbol table. A file without the
 * required symbols (some other library) fails to load and counts as not found.
 */
export function openAmdsmiLibrary(candidates: readonly string[]): OpenedLibrary<AmdsmiLibrary> {
  return openLibraryAs(
    candidates,
    AMDSMI_SYMBOLS,
    (library, path) => new AmdsmiLibrary(library, path),
  );
}

/** A loaded libamd_smi. Calls throw `AmdsmiError` on a non-success status. */
export class AmdsmiLibrary extends VendorLibrary<typeof AMDSMI_SYMBOLS, AmdsmiError> {
  #layouts: LayoutSet | null = null;
  /** How `power_limit` reads in this release (power_limit_unit.ts); set with the layouts. */
  powerLimitUnit: PowerLimitUnit = "by size";
  /** The health reads (health_calls.ts). */
  readonly health: AmdsmiHealthCalls;

  constructor(library: Deno.DynamicLibrary<typeof AMDSMI_SYMBOLS>, path: string) {
    super(library, path, {
      success: AmdsmiStatus.SUCCESS,
      // AMD SMI has no "function not found" status; NOT_YET_IMPLEMENTED is the closest.
      notExported: AmdsmiStatus.NOT_YET_IMPLEMENTED,
      create: (code, symbol, message) => new AmdsmiError(code, symbol, message),
    });
    this.health = new AmdsmiHealthCalls(this.symbols, this.calls);
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
    return this.symbols.amdsmi_init(INIT_AMD_GPUS);
  }

  /**
   * `init()` off the main thread (src/ffi/nonblocking_init.ts). Never `close()` while this is
   * pending: the library lifetime waits for it. Falls back to the synchronous call if the
   * second open of the file fails.
   */
  initAsync(): Promise<number> {
    const symbol = { name: "amdsmi_init", parameters: ["u64"], result: "u32" } as const;
    return this.nonblockingInit(symbol, () => this.init()).call(INIT_AMD_GPUS);
  }

  shutdown(): number {
    return this.symbols.amdsmi_shut_down();
  }

  /** The library's text for a status (its static string), or the local table's. */
  override message(code: number): string {
    const fn = this.symbols.amdsmi_status_code_to_string;
    if (fn !== null) {
      const out = new BigUint64Array(1);
      if (fn(code, new Uint8Array(out.buffer)) === AmdsmiStatus.SUCCESS && out[0] !== 0n) {
        const text = readCStringPointer(Deno.UnsafePointer.create(out[0] ?? 0n));
        if (text) return text;
      }
    }
    return fallbackMessage(code);
  }

  /** The library's version (decode.ts says from which fields). */
  libVersion(): LibVersion {
    const fn = this.symbols.amdsmi_get_lib_version;
    const version = new StructBuffer(MAX_STRUCT_SIZE.version);
    this.calls.check("amdsmi_get_lib_version", fn ? fn(version.bytes) : null);
    return decodeLibVersion(version);
  }

  sockets(): Handle[] {
    const fn = this.symbols.amdsmi_get_socket_handles;
    const name = "amdsmi_get_socket_handles";
    return readHandles(this.calls, name, MAX_SOCKETS, (count, buffer) => fn(count, buffer));
  }

  processors(socket: Handle): Handle[] {
    const fn = this.symbols.amdsmi_get_processor_handles;
    const name = "amdsmi_get_processor_handles";
    const limit = MAX_PROCESSORS_PER_SOCKET;
    return readHandles(this.calls, name, limit, (count, buffer) => fn(socket, count, buffer));
  }

  processorType(handle: Handle): number {
    const fn = this.symbols.amdsmi_get_processor_type;
    return this.calls.u32("amdsmi_get_processor_type", (out) => fn ? fn(handle, out) : null);
  }

  /** The raw `amdsmi_bdf_t` as one u64 (decode with convert.ts). */
  bdf(handle: Handle): bigint {
    const fn = this.symbols.amdsmi_get_gpu_device_bdf;
    const out = new BigUint64Array(BDF.size / 8);
    this.calls.check("amdsmi_get_gpu_device_bdf", fn ? fn(handle, out) : null);
    return out[0] ?? 0n;
  }

  uuid(handle: Handle): string {
    const fn = this.symbols.amdsmi_get_gpu_device_uuid;
    // Room beyond the AMDSMI_GPU_UUID_SIZE (38) the library needs; the length passed is ours.
    const buffer = new StructBuffer(GPU_UUID_SIZE * 2);
    const length = new Uint32Array([buffer.size]);
    this.calls.check("amdsmi_get_gpu_device_uuid", fn ? fn(handle, length, buffer.bytes) : null);
    return buffer.string(0, buffer.size);
  }

  asicInfo(handle: Handle): { marketName: string; asicSerial: string; deviceId: bigint } {
    const layout = this.layouts.asicInfo;
    const size = MAX_STRUCT_SIZE.asicInfo;
    return decodeAsicInfo(layout, this.#handleStruct("amdsmi_get_gpu_asic_info", handle, size));
  }

  boardProductName(handle: Handle): string {
    const layout = this.layouts.boardInfo;
    const info = this.#handleStruct("amdsmi_get_gpu_board_info", handle, MAX_STRUCT_SIZE.boardInfo);
    return info.string(layout.productName, layout.productNameLength);
  }

  driverInfo(handle: Handle): { version: string; name: string } {
    const layout = this.layouts.driverInfo;
    const size = MAX_STRUCT_SIZE.driverInfo;
    return decodeDriverInfo(layout, this.#handleStruct("amdsmi_get_gpu_driver_info", handle, size));
  }

  /** Percent; 0xFFFF / 0xFFFFFFFF when not available. */
  activity(handle: Handle): { gfx: number; umc: number; mm: number } {
    const usage = this.#handleStruct("amdsmi_get_gpu_activity", handle, ENGINE_USAGE.size);
    return {
      gfx: usage.u32(ENGINE_USAGE.gfxActivity),
      umc: usage.u32(ENGINE_USAGE.umcActivity),
      mm: usage.u32(ENGINE_USAGE.mmActivity),
    };
  }

  /** Bytes, from sysfs `mem_info_*` inside the library. */
  memoryTotal(handle: Handle, type: number): bigint {
    const fn = this.symbols.amdsmi_get_gpu_memory_total;
    const name = "amdsmi_get_gpu_memory_total";
    return this.calls.u64(name, (out) => fn ? fn(handle, type, out) : null);
  }

  memoryUsage(handle: Handle, type: number): bigint {
    const fn = this.symbols.amdsmi_get_gpu_memory_usage;
    const name = "amdsmi_get_gpu_memory_usage";
    return this.calls.u64(name, (out) => fn ? fn(handle, type, out) : null);
  }

  /** MiB. */
  vramUsage(handle: Handle): { totalMiB: number; usedMiB: number } {
    const usage = this.#handleStruct("amdsmi_get_gpu_vram_usage", handle, VRAM_USAGE.size);
    return { totalMiB: usage.u32(VRAM_USAGE.vramTotal), usedMiB: usage.u32(VRAM_USAGE.vramUsed) };
  }

  /** The CURRENT metric of one sensor, °C (int64). */
  temperature(handle: Handle, sensor: number, metric: number): bigint {
    const fn = this.symbols.amdsmi_get_temp_metric;
    const out = new BigInt64Array(1);
    this.calls.check("amdsmi_get_temp_metric", fn ? fn(handle, sensor, metric, out) : null);
    return out[0] ?? 0n;
  }

  powerInfo(handle: Handle): PowerInfo {
    const layout = this.layouts.power;
    return decodePowerInfo(
      layout,
      this.#handleStruct("amdsmi_get_power_info", handle, MAX_STRUCT_SIZE.power),
    );
  }

  /** The energy accumulator and its resolution (µJ per count, a C float). */
  energy(handle: Handle): { count: bigint; resolutionMicrojoules: number } {
    const fn = this.symbols.amdsmi_get_energy_count;
    const count = new BigUint64Array(1);
    const resolution = new Float32Array(1);
    const timestamp = new BigUint64Array(1);
    this.calls.check(
      "amdsmi_get_energy_count",
      fn ? fn(handle, count, resolution, timestamp) : null,
    );
    return { count: count[0] ?? 0n, resolutionMicrojoules: resolution[0] ?? Number.NaN };
  }

  /** The current clock of one domain, MHz. */
  clock(handle: Handle, type: number): number {
    const layout = this.layouts.clock;
    const fn = this.symbols.amdsmi_get_clock_info;
    const info = this.calls.struct("amdsmi_get_clock_info", layout.size, (bytes) => {
      return fn ? fn(handle, type, bytes) : null;
    });
    return info.u32(layout.clk);
  }

  /** Every process on the GPU, in either ABI form; throws rather than truncate. */
  processes(handle: Handle): AmdsmiProcess[] {
    const fn = this.symbols.amdsmi_get_gpu_process_list;
    if (fn === null) throw this.calls.notExported("amdsmi_get_gpu_process_list");
    return readProcessList({
      calls: this.calls,
      list: (count, buffer) => fn(handle, count, buffer),
      info: this.symbols.amdsmi_get_gpu_process_info,
      handle,
      layout: this.layouts.procInfo,
    });
  }

  /** A getter that fills one struct of `size` bytes for a processor handle. */
  #handleStruct(name: HandleStructGetter, handle: Handle, size: number): StructBuffer {
    const fn = this.symbols[name];
    return this.calls.struct(name, size, (bytes) => fn ? fn(handle, bytes) : null);
  }
}
