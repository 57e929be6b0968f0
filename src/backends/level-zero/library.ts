/**
 * Loading the Level Zero loader and calling it. `openZeLibrary` tries the candidates; the
 * returned `ZeLibrary` wraps each call so a failure is a `ZeError` carrying the code and
 * the symbol, bounds every count the library reports, sets `stype` / `pNext` on every
 * `[in,out]` struct, and reads strings only within their fixed arrays. Nothing here decides
 * what a failure means for a reading.
 */
import { candidateList } from "../../ffi/library_candidates.ts";
import { type OpenedLibrary, openLibraryAs } from "../../ffi/open_library.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { VendorLibrary } from "../../ffi/vendor_library.ts";
import {
  type HandleList,
  readHandles,
  readProcessStates,
  type ZeHandle,
  type ZeProcessState,
} from "./lists.ts";
import { readLoaderVersion } from "./loader_version.ts";
import {
  decodeDeviceProperties,
  decodePciProperties,
  type ZeDeviceProperties,
  type ZeMemoryModule,
  type ZePciProperties,
} from "./properties.ts";
import { resultName, ZeError, ZeResult } from "./return_codes.ts";
import { type StructGetter, ZE_SYMBOLS } from "./symbols.ts";
import {
  DEVICE_PROPERTIES,
  ENGINE_PROPERTIES,
  ENGINE_STATS,
  FREQ_PROPERTIES,
  FREQ_STATE,
  HEADER,
  MEM_PROPERTIES,
  MEM_STATE,
  PCI_PROPERTIES,
  POWER_ENERGY_COUNTER,
  POWER_SUSTAINED_LIMIT,
  RAS_STATE,
  STYPE,
  TEMP_PROPERTIES,
} from "./types.ts";

export type { HandleList, ZeDeviceProperties, ZeHandle, ZePciProperties, ZeProcessState };

/** The library names to try: `GPUTOP_ZE_LIB`, then the platform's loader. */
export const zeLibraryCandidates = candidateList({
  override: "GPUTOP_ZE_LIB",
  unix: ["libze_loader.so.1", "libze_loader.so"],
  windowsSystem: ["ze_loader.dll"],
});

/** Opens the first candidate that loads with the Level Zero symbol table. */
export function openZeLibrary(candidates: readonly string[]): OpenedLibrary<ZeLibrary> {
  return openLibraryAs(candidates, ZE_SYMBOLS, (library, path) => new ZeLibrary(library, path));
}

/** What an init call answered, and which call it was. */
export interface ZeInitResult {
  code: number;
  symbol: "zesInit" | "zeInit";
}

/** A loaded loader. Calls throw `ZeError` on a non-success code. */
export class ZeLibrary extends VendorLibrary<typeof ZE_SYMBOLS, ZeError> {
  /** Set by `init`: whether enumeration goes through `zesDriverGet` / `zesDeviceGet`. */
  #sysmanEnumeration = false;

  constructor(library: Deno.DynamicLibrary<typeof ZE_SYMBOLS>, path: string) {
    super(library, path, {
      success: ZeResult.SUCCESS,
      notExported: ZeResult.ERROR_UNSUPPORTED_FEATURE,
      create: (code, symbol, message) => new ZeError(code, symbol, `${symbol}: ${message}`),
    });
  }

  /** The `ZE_RESULT_…` name of a code: Level Zero has no message call. */
  override message(code: number): string {
    return resultName(code);
  }

  /** True when the loader has `zesInit` (spec 1.5+). */
  get hasZesInit(): boolean {
    return this.symbols.zesInit !== null && this.symbols.zesDriverGet !== null &&
      this.symbols.zesDeviceGet !== null;
  }

  /**
   * `zesInit(0)` when exported; otherwise `zeInit(0)`, which the caller must precede with
   * `ZES_ENABLE_SYSMAN=1` in the environment. Returns the code: init failures are statuses.
   */
  init(): ZeInitResult {
    const zesInit = this.symbols.zesInit;
    if (zesInit !== null && this.hasZesInit) {
      const code = zesInit(0);
      this.#sysmanEnumeration = code === ZeResult.SUCCESS;
      return { code, symbol: "zesInit" };
    }
    this.#sysmanEnumeration = false;
    return { code: this.symbols.zeInit(0), symbol: "zeInit" };
  }

  /**
   * `init()` off the main thread (src/ffi/nonblocking_init.ts). Never `close()` while this is
   * pending: the library lifetime waits for it. Falls back to `init()` if the second open
   * of the file fails.
   */
  async initAsync(): Promise<ZeInitResult> {
    const symbol = this.symbols.zesInit !== null && this.hasZesInit ? "zesInit" : "zeInit";
    const init = this.nonblockingInit(
      { name: symbol, parameters: ["u32"], result: "i32" },
      () => this.init().code,
    );
    const code = await init.call(0);
    this.#sysmanEnumeration = symbol === "zesInit" && code === ZeResult.SUCCESS;
    return { code, symbol };
  }

  /** The loader's own version (`1.8.12`), or null when it does not say. */
  loaderVersion(): string | null {
    return readLoaderVersion(this.symbols.zelLoaderGetVersions);
  }

  drivers(): ZeHandle[] {
    const s = this.symbols;
    const zesDriverGet = s.zesDriverGet;
    if (this.#sysmanEnumeration && zesDriverGet !== null) {
      return readHandles(this.calls, "zesDriverGet", (count, out) => zesDriverGet(count, out));
    }
    return readHandles(this.calls, "zeDriverGet", (count, out) => s.zeDriverGet(count, out));
  }

  devices(driver: ZeHandle): ZeHandle[] {
    const s = this.symbols;
    const zesDeviceGet = s.zesDeviceGet;
    if (this.#sysmanEnumeration && zesDeviceGet !== null) {
      const get = (count: Uint32Array, out: Uint8Array | null) => zesDeviceGet(driver, count, out);
      return readHandles(this.calls, "zesDeviceGet", get);
    }
    const get = (count: Uint32Array, out: Uint8Array | null) => s.zeDeviceGet(driver, count, out);
    return readHandles(this.calls, "zeDeviceGet", get);
  }

  /** `major.minor` of the API the driver implements. */
  apiVersion(driver: ZeHandle): number {
    const fn = this.symbols.zeDriverGetApiVersion;
    return this.calls.u32("zeDriverGetApiVersion", (out) => fn ? fn(driver, out) : null);
  }

  deviceProperties(device: ZeHandle): ZeDeviceProperties {
    const buffer = this.#struct(DEVICE_PROPERTIES.size, STYPE.deviceProperties);
    // The embedded core struct is [in,out] too.
    buffer.setU32(DEVICE_PROPERTIES.coreStype, STYPE.coreDeviceProperties);
    this.#call("zesDeviceGetProperties", device, buffer);
    return decodeDeviceProperties(buffer);
  }

  pciProperties(device: ZeHandle): ZePciProperties {
    const buffer = this.#struct(PCI_PROPERTIES.size, STYPE.pciProperties);
    this.#call("zesDevicePciGetProperties", device, buffer);
    return decodePciProperties(buffer);
  }

  /** What a `(handle, T*)` getter wrote; `stype` null for a struct without a header. */
  getStruct(name: StructGetter, handle: ZeHandle, size: number, stype: number | null) {
    const buffer = stype === null ? new StructBuffer(size) : this.#struct(size, stype);
    this.#call(name, handle, buffer);
    return buffer;
  }

  /** A RAS set's counts by category, read with `clear` false: other tools read them too. */
  rasCategoryCounts(ras: ZeHandle): bigint[] {
    const buffer = this.#struct(RAS_STATE.size, STYPE.rasState);
    const code = this.symbols.zesRasGetState?.(ras, 0, buffer.bytes) ?? null;
    this.calls.check("zesRasGetState", code);
    const { category, categoryCount } = RAS_STATE;
    return Array.from({ length: categoryCount }, (_, i) => buffer.u64(category + 8 * i));
  }

  /** Component handles of one kind on a device. */
  handles(list: HandleList, device: ZeHandle): ZeHandle[] {
    const fn = this.symbols[list];
    if (fn === null) throw this.calls.notExported(list);
    return readHandles(this.calls, list, (count, out) => fn(device, count, out));
  }

  /** Bytes: `location` from the properties; `free` / `total` / `health` from the state. */
  memoryModule(memory: ZeHandle): ZeMemoryModule {
    const properties = this.getStruct(
      "zesMemoryGetProperties",
      memory,
      MEM_PROPERTIES.size,
      STYPE.memProperties,
    );
    const state = this.getStruct("zesMemoryGetState", memory, MEM_STATE.size, STYPE.memState);
    return {
      location: properties.u32(MEM_PROPERTIES.location),
      total: state.u64(MEM_STATE.total),
      free: state.u64(MEM_STATE.free),
      health: state.u32(MEM_STATE.health),
    };
  }

  engineProperties(engine: ZeHandle): { type: number; onSubdevice: boolean } {
    const [size, stype] = [ENGINE_PROPERTIES.size, STYPE.engineProperties];
    const buffer = this.getStruct("zesEngineGetProperties", engine, size, stype);
    return {
      type: buffer.u32(ENGINE_PROPERTIES.type),
      onSubdevice: buffer.bytes[ENGINE_PROPERTIES.onSubdevice] !== 0,
    };
  }

  /** Microseconds, both monotonic; only deltas from the same engine group mean anything. */
  engineActivity(engine: ZeHandle): { activeUs: bigint; timestampUs: bigint } {
    const buffer = this.getStruct("zesEngineGetActivity", engine, ENGINE_STATS.size, null);
    return {
      activeUs: buffer.u64(ENGINE_STATS.activeTime),
      timestampUs: buffer.u64(ENGINE_STATS.timestamp),
    };
  }

  frequencyProperties(freq: ZeHandle): { type: number; onSubdevice: boolean; maxMHz: number } {
    const buffer = this.#struct(FREQ_PROPERTIES.size, STYPE.freqProperties);
    this.#call("zesFrequencyGetProperties", freq, buffer);
    return {
      type: buffer.u32(FREQ_PROPERTIES.type),
      onSubdevice: buffer.bytes[FREQ_PROPERTIES.onSubdevice] !== 0,
      maxMHz: buffer.f64(FREQ_PROPERTIES.max),
    };
  }

  /** MHz (negative when unknown) and the `zes_freq_throttle_reason_flag_t` bits. */
  frequencyState(freq: ZeHandle): { actualMHz: number; throttleReasons: number } {
    const buffer = this.getStruct("zesFrequencyGetState", freq, FREQ_STATE.size, STYPE.freqState);
    return {
      actualMHz: buffer.f64(FREQ_STATE.actual),
      throttleReasons: buffer.u32(FREQ_STATE.throttleReasons),
    };
  }

  temperatureProperties(sensor: ZeHandle): { type: number; onSubdevice: boolean } {
    const buffer = this.#struct(TEMP_PROPERTIES.size, STYPE.tempProperties);
    this.#call("zesTemperatureGetProperties", sensor, buffer);
    return {
      type: buffer.u32(TEMP_PROPERTIES.type),
      onSubdevice: buffer.bytes[TEMP_PROPERTIES.onSubdevice] !== 0,
    };
  }

  /** °C. */
  temperatureCelsius(sensor: ZeHandle): number {
    const buffer = this.getStruct("zesTemperatureGetState", sensor, 8, null);
    return buffer.f64(0);
  }

  /** The card-level power domain. */
  cardPowerDomain(device: ZeHandle): ZeHandle {
    const fn = this.symbols.zesDeviceGetCardPowerDomain;
    const name = "zesDeviceGetCardPowerDomain";
    return Deno.UnsafePointer.create(this.calls.u64(name, (out) => fn ? fn(device, out) : null));
  }

  /** Milliwatts, or null when the sustained limit is disabled or unknown. */
  sustainedPowerLimitMilliwatts(power: ZeHandle): number | null {
    const buffer = new StructBuffer(POWER_SUSTAINED_LIMIT.size);
    const fn = this.symbols.zesPowerGetLimits;
    this.calls.check("zesPowerGetLimits", fn ? fn(power, buffer.bytes, null, null) : null);
    const milliwatts = buffer.i32(POWER_SUSTAINED_LIMIT.power);
    return buffer.bytes[POWER_SUSTAINED_LIMIT.enabled] !== 0 && milliwatts > 0 ? milliwatts : null;
  }

  /** Microjoules and microseconds, both monotonic. */
  energyCounter(power: ZeHandle): { energyUj: bigint; timestampUs: bigint } {
    const size = POWER_ENERGY_COUNTER.size;
    const buffer = this.getStruct("zesPowerGetEnergyCounter", power, size, null);
    return {
      energyUj: buffer.u64(POWER_ENERGY_COUNTER.energy),
      timestampUs: buffer.u64(POWER_ENERGY_COUNTER.timestamp),
    };
  }

  /** Every process using the device, retried when the list grows between the two calls. */
  processes(device: ZeHandle): ZeProcessState[] {
    return readProcessStates(this.calls, this.symbols.zesDeviceProcessesGetState, device);
  }

  /** A zeroed struct with its `stype` set (and `pNext` left NULL). */
  #struct(size: number, stype: number): StructBuffer {
    const buffer = new StructBuffer(size);
    buffer.setU32(HEADER.stype, stype);
    return buffer;
  }

  #call(name: StructGetter, handle: ZeHandle, buffer: StructBuffer): void {
    const fn = this.symbols[name] as ((h: ZeHandle, b: Uint8Array) => number) | null;
    this.calls.check(name, fn ? fn(handle, buffer.bytes) : null);
  }
}
