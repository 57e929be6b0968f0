/**
 * Loading the Level Zero loader and calling it. `openZeLibrary` tries the candidates; the
 * returned `ZeLibrary` wraps each call so a failure is a `ZeError` carrying the code and
 * the symbol, bounds every count the library reports, sets `stype` / `pNext` on every
 * `[in,out]` struct, and reads strings only within their fixed arrays. Nothing here decides
 * what a failure means for a reading.
 */
import { libraryCandidates } from "../../ffi/library_candidates.ts";
import { type LibraryLoadFailure, openFirstLibrary } from "../../ffi/open_library.ts";
import { fetchSizedList } from "../../ffi/sized_list.ts";
import { StructBuffer } from "../../ffi/struct_reader.ts";
import { type VendorCalls, vendorCalls } from "../../ffi/vendor_call_error.ts";
import { resultName, ZeError, ZeResult } from "./return_codes.ts";
import { ZE_SYMBOLS, type ZeSymbols } from "./symbols.ts";
import {
  COMPONENT_VERSION,
  DEVICE_NAME_SIZE,
  DEVICE_PROPERTIES,
  DEVICE_PROPERTY_FLAG_INTEGRATED,
  DEVICE_UUID_SIZE,
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
  PROCESS_STATE,
  STRING_PROPERTY_SIZE,
  STYPE,
  TEMP_PROPERTIES,
} from "./types.ts";

/** The library names to try: `GPUTOP_ZE_LIB`, then the platform's loader. */
export function zeLibraryCandidates(
  env: (name: string) => string | undefined,
  os: typeof Deno.build.os,
): string[] {
  return libraryCandidates(
    {
      override: "GPUTOP_ZE_LIB",
      unix: ["libze_loader.so.1", "libze_loader.so"],
      windowsSystem: ["ze_loader.dll"],
    },
    env,
    os,
  );
}

/** The outcome of {@linkcode openZeLibrary}. */
export type OpenZeResult =
  | { ok: true; ze: ZeLibrary; failed: LibraryLoadFailure[] }
  | { ok: false; tried: string[]; failed: LibraryLoadFailure[] };

/** Opens the first candidate that loads with the Level Zero symbol table. */
export function openZeLibrary(candidates: readonly string[]): OpenZeResult {
  const result = openFirstLibrary(candidates, ZE_SYMBOLS);
  if (!result.ok) return result;
  return { ok: true, ze: new ZeLibrary(result.library, result.path), failed: result.failed };
}

/**
 * The init calls again, as `nonblocking` symbols: Deno runs such a call on a worker thread and
 * returns a Promise, so an init that blocks (a GPU driver loading) leaves the event loop free.
 * Only init gets this treatment: the other calls are short, and a nonblocking call costs
 * microseconds against nanoseconds for a synchronous one.
 */
const ZES_INIT_NONBLOCKING = {
  zesInit: { parameters: ["u32"], result: "i32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;
const ZE_INIT_NONBLOCKING = {
  zeInit: { parameters: ["u32"], result: "i32", nonblocking: true },
} as const satisfies Deno.ForeignLibraryInterface;

/** What an init call answered, and which call it was. */
export interface ZeInitResult {
  code: number;
  symbol: "zesInit" | "zeInit";
}

/** An opaque handle as Deno passes it back (`null` never comes from a successful call). */
export type ZeHandle = Deno.PointerValue;

/** Which enumeration a handle list comes from. */
export type HandleList =
  | "zesDeviceEnumMemoryModules"
  | "zesDeviceEnumEngineGroups"
  | "zesDeviceEnumFrequencyDomains"
  | "zesDeviceEnumTemperatureSensors"
  | "zesDeviceEnumPowerDomains";

export interface ZeDeviceProperties {
  name: string;
  /** 32 lower-case hex digits, the 16 UUID bytes in order. */
  uuid: string;
  vendorId: number;
  deviceId: number;
  integrated: boolean;
  serial: string;
  driverVersion: string;
}

export interface ZePciProperties {
  domain: number;
  bus: number;
  device: number;
  function: number;
  /** −1 when unknown. */
  maxGeneration: number;
  maxWidth: number;
}

export interface ZeProcessState {
  pid: number;
  memoryBytes: bigint;
  sharedBytes: bigint;
  engineFlags: number;
}

/** A loaded loader. Calls throw `ZeError` on a non-success code. */
export class ZeLibrary {
  /** The candidate that loaded, as given. */
  readonly path: string;
  readonly #library: Deno.DynamicLibrary<typeof ZE_SYMBOLS>;
  readonly #symbols: ZeSymbols;
  readonly #calls: VendorCalls<ZeError>;
  /** Set by `init`: whether enumeration goes through `zesDriverGet` / `zesDeviceGet`. */
  #sysmanEnumeration = false;
  /** The second open of the same file, holding only the nonblocking init (see initAsync). */
  #initLibrary: { close(): void } | null = null;
  #closed = false;

  constructor(library: Deno.DynamicLibrary<typeof ZE_SYMBOLS>, path: string) {
    this.#library = library;
    this.#symbols = library.symbols;
    this.path = path;
    this.#calls = vendorCalls({
      success: ZeResult.SUCCESS,
      notExported: ZeResult.ERROR_UNSUPPORTED_FEATURE,
      message: resultName,
      create: (code, symbol, message) => new ZeError(code, symbol, `${symbol}: ${message}`),
    });
  }

  /** True when the loader has `zesInit` (spec 1.5+). */
  get hasZesInit(): boolean {
    return this.#symbols.zesInit !== null && this.#symbols.zesDriverGet !== null &&
      this.#symbols.zesDeviceGet !== null;
  }

  /**
   * `zesInit(0)` when exported; otherwise `zeInit(0)`, which the caller must precede with
   * `ZES_ENABLE_SYSMAN=1` in the environment. Returns the code: init failures are statuses.
   */
  init(): ZeInitResult {
    const zesInit = this.#symbols.zesInit;
    if (zesInit !== null && this.hasZesInit) {
      const code = zesInit(0);
      this.#sysmanEnumeration = code === ZeResult.SUCCESS;
      return { code, symbol: "zesInit" };
    }
    this.#sysmanEnumeration = false;
    return { code: this.#symbols.zeInit(0), symbol: "zeInit" };
  }

  /**
   * `init()` off the main thread. The same file is opened a second time with only the
   * nonblocking init call; the dynamic loader hands back the library already loaded (no
   * second load), so both tables reach one loader. Never `close()` while this is pending:
   * the session guard waits for it. Falls back to `init()` if the second open fails.
   */
  async initAsync(): Promise<ZeInitResult> {
    if (this.#symbols.zesInit !== null && this.hasZesInit) {
      let library: Deno.DynamicLibrary<typeof ZES_INIT_NONBLOCKING>;
      try {
        library = Deno.dlopen(this.path, ZES_INIT_NONBLOCKING);
      } catch {
        return this.init();
      }
      this.#initLibrary?.close();
      this.#initLibrary = library;
      const code = await library.symbols.zesInit(0);
      this.#sysmanEnumeration = code === ZeResult.SUCCESS;
      return { code, symbol: "zesInit" };
    }
    let library: Deno.DynamicLibrary<typeof ZE_INIT_NONBLOCKING>;
    try {
      library = Deno.dlopen(this.path, ZE_INIT_NONBLOCKING);
    } catch {
      return this.init();
    }
    this.#initLibrary?.close();
    this.#initLibrary = library;
    this.#sysmanEnumeration = false;
    return { code: await library.symbols.zeInit(0), symbol: "zeInit" };
  }

  /**
   * The loader's own version (`1.8.12`) from `zelLoaderGetVersions`, or null when the
   * loader lacks the call or lists no `loader` component (Debian's 1.8.x lists none
   * without a driver).
   */
  loaderVersion(): string | null {
    const fn = this.#symbols.zelLoaderGetVersions;
    if (fn === null) return null;
    const count = new BigUint64Array(1);
    if (fn(count, null) !== ZeResult.SUCCESS) return null;
    const reported = count[0] ?? 0n;
    // A loader has a handful of components (loader, validation, tracing); refuse nonsense.
    if (reported === 0n || reported > 64n) return null;
    const layout = COMPONENT_VERSION;
    const buffer = new StructBuffer(Number(reported) * layout.size);
    if (fn(count, buffer.bytes) !== ZeResult.SUCCESS) return null;
    const filled = Math.min(Number(count[0] ?? 0n), Number(reported));
    for (let i = 0; i < filled; i++) {
      const base = i * layout.size;
      if (buffer.string(base + layout.name, layout.nameLength) !== "loader") continue;
      const part = (offset: number) => buffer.i32(base + offset);
      return `${part(layout.major)}.${part(layout.minor)}.${part(layout.patch)}`;
    }
    return null;
  }

  drivers(): ZeHandle[] {
    const s = this.#symbols;
    const zesDriverGet = s.zesDriverGet;
    if (this.#sysmanEnumeration && zesDriverGet !== null) {
      return this.#handles("zesDriverGet", (count, out) => zesDriverGet(count, out));
    }
    return this.#handles("zeDriverGet", (count, out) => s.zeDriverGet(count, out));
  }

  devices(driver: ZeHandle): ZeHandle[] {
    const s = this.#symbols;
    const zesDeviceGet = s.zesDeviceGet;
    if (this.#sysmanEnumeration && zesDeviceGet !== null) {
      return this.#handles("zesDeviceGet", (count, out) => zesDeviceGet(driver, count, out));
    }
    return this.#handles("zeDeviceGet", (count, out) => s.zeDeviceGet(driver, count, out));
  }

  /** `major.minor` of the API the driver implements. */
  apiVersion(driver: ZeHandle): number {
    const out = new Uint32Array(1);
    const fn = this.#symbols.zeDriverGetApiVersion;
    this.#calls.check("zeDriverGetApiVersion", fn ? fn(driver, out) : null);
    return out[0] ?? 0;
  }

  deviceProperties(device: ZeHandle): ZeDeviceProperties {
    const p = DEVICE_PROPERTIES;
    const buffer = this.#struct(p.size, STYPE.deviceProperties);
    // The embedded core struct is [in,out] too.
    buffer.setU32(p.coreStype, STYPE.coreDeviceProperties);
    this.#call("zesDeviceGetProperties", device, buffer);
    const uuid = [...buffer.bytes.subarray(p.uuid, p.uuid + DEVICE_UUID_SIZE)]
      .map((byte) => byte.toString(16).padStart(2, "0")).join("");
    return {
      name: buffer.string(p.name, DEVICE_NAME_SIZE),
      uuid,
      vendorId: buffer.u32(p.vendorId),
      deviceId: buffer.u32(p.deviceId),
      integrated: (buffer.u32(p.flags) & DEVICE_PROPERTY_FLAG_INTEGRATED) !== 0,
      serial: buffer.string(p.serialNumber, STRING_PROPERTY_SIZE),
      driverVersion: buffer.string(p.driverVersion, STRING_PROPERTY_SIZE),
    };
  }

  pciProperties(device: ZeHandle): ZePciProperties {
    const p = PCI_PROPERTIES;
    const buffer = this.#struct(p.size, STYPE.pciProperties);
    this.#call("zesDevicePciGetProperties", device, buffer);
    return {
      domain: buffer.u32(p.domain),
      bus: buffer.u32(p.bus),
      device: buffer.u32(p.device),
      function: buffer.u32(p.function),
      maxGeneration: buffer.i32(p.maxSpeedGen),
      maxWidth: buffer.i32(p.maxSpeedWidth),
    };
  }

  /** Component handles of one kind on a device. */
  handles(list: HandleList, device: ZeHandle): ZeHandle[] {
    const fn = this.#symbols[list];
    if (fn === null) throw this.#calls.notExported(list);
    return this.#handles(list, (count, out) => fn(device, count, out));
  }

  /** Bytes: `location` from the properties, `free` / `total` from the state. */
  memoryModule(memory: ZeHandle): { location: number; total: bigint; free: bigint } {
    const properties = this.#struct(MEM_PROPERTIES.size, STYPE.memProperties);
    this.#call("zesMemoryGetProperties", memory, properties);
    const state = this.#struct(MEM_STATE.size, STYPE.memState);
    this.#call("zesMemoryGetState", memory, state);
    return {
      location: properties.u32(MEM_PROPERTIES.location),
      total: state.u64(MEM_STATE.total),
      free: state.u64(MEM_STATE.free),
    };
  }

  engineProperties(engine: ZeHandle): { type: number; onSubdevice: boolean } {
    const buffer = this.#struct(ENGINE_PROPERTIES.size, STYPE.engineProperties);
    this.#call("zesEngineGetProperties", engine, buffer);
    return {
      type: buffer.u32(ENGINE_PROPERTIES.type),
      onSubdevice: buffer.bytes[ENGINE_PROPERTIES.onSubdevice] !== 0,
    };
  }

  /** Microseconds, both monotonic; only deltas from the same engine group mean anything. */
  engineActivity(engine: ZeHandle): { activeUs: bigint; timestampUs: bigint } {
    const buffer = new StructBuffer(ENGINE_STATS.size);
    this.#call("zesEngineGetActivity", engine, buffer);
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

  /** MHz; negative when unknown. */
  frequencyActualMHz(freq: ZeHandle): number {
    const buffer = this.#struct(FREQ_STATE.size, STYPE.freqState);
    this.#call("zesFrequencyGetState", freq, buffer);
    return buffer.f64(FREQ_STATE.actual);
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
    const buffer = new StructBuffer(8);
    this.#call("zesTemperatureGetState", sensor, buffer);
    return buffer.f64(0);
  }

  /** The card-level power domain. */
  cardPowerDomain(device: ZeHandle): ZeHandle {
    const out = new BigUint64Array(1);
    const fn = this.#symbols.zesDeviceGetCardPowerDomain;
    this.#calls.check("zesDeviceGetCardPowerDomain", fn ? fn(device, out) : null);
    return Deno.UnsafePointer.create(out[0] ?? 0n);
  }

  /** Milliwatts, or null when the sustained limit is disabled or unknown. */
  sustainedPowerLimitMilliwatts(power: ZeHandle): number | null {
    const buffer = new StructBuffer(POWER_SUSTAINED_LIMIT.size);
    const fn = this.#symbols.zesPowerGetLimits;
    this.#calls.check("zesPowerGetLimits", fn ? fn(power, buffer.bytes, null, null) : null);
    const milliwatts = buffer.i32(POWER_SUSTAINED_LIMIT.power);
    return buffer.bytes[POWER_SUSTAINED_LIMIT.enabled] !== 0 && milliwatts > 0 ? milliwatts : null;
  }

  /** Microjoules and microseconds, both monotonic. */
  energyCounter(power: ZeHandle): { energyUj: bigint; timestampUs: bigint } {
    const buffer = new StructBuffer(POWER_ENERGY_COUNTER.size);
    this.#call("zesPowerGetEnergyCounter", power, buffer);
    return {
      energyUj: buffer.u64(POWER_ENERGY_COUNTER.energy),
      timestampUs: buffer.u64(POWER_ENERGY_COUNTER.timestamp),
    };
  }

  /** Every process using the device, retried when the list grows between the two calls. */
  processes(device: ZeHandle): ZeProcessState[] {
    const name = "zesDeviceProcessesGetState";
    const fn = this.#symbols[name];
    if (fn === null) throw this.#calls.notExported(name);
    const layout = PROCESS_STATE;
    const result = fetchSizedList((count, buffer) => fn(device, count, buffer), {
      stride: layout.size,
      success: ZeResult.SUCCESS,
      tooSmall: ZeResult.ERROR_INVALID_SIZE,
      prepare(bytes, capacity) {
        const view = new StructBuffer(bytes);
        for (let i = 0; i < capacity; i++) view.setU32(i * layout.size, STYPE.processState);
      },
    });
    const view = this.#listResult(name, result);
    const entries: ZeProcessState[] = [];
    for (let i = 0; i < view.count; i++) {
      const base = i * layout.size;
      entries.push({
        pid: view.buffer.u32(base + layout.processId),
        memoryBytes: view.buffer.u64(base + layout.memSize),
        sharedBytes: view.buffer.u64(base + layout.sharedSize),
        engineFlags: view.buffer.u32(base + layout.engines),
      });
    }
    return entries;
  }

  /** Unloads the library; safe to call twice. Level Zero 1.x has no shutdown call. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#initLibrary?.close();
    this.#initLibrary = null;
    this.#library.close();
  }

  /** A zeroed struct with its `stype` set (and `pNext` left NULL). */
  #struct(size: number, stype: number): StructBuffer {
    const buffer = new StructBuffer(size);
    buffer.setU32(HEADER.stype, stype);
    return buffer;
  }

  #call(
    name: Exclude<keyof typeof ZE_SYMBOLS, "zeInit" | "zeDriverGet" | "zeDeviceGet">,
    handle: ZeHandle,
    buffer: StructBuffer,
  ): void {
    const fn = this.#symbols[name] as ((h: ZeHandle, b: Uint8Array) => number) | null;
    this.#calls.check(name, fn ? fn(handle, buffer.bytes) : null);
  }

  #handles(name: string, call: (count: Uint32Array, out: Uint8Array | null) => number): ZeHandle[] {
    const result = fetchSizedList(call, {
      stride: 8,
      success: ZeResult.SUCCESS,
      // Handle enumerations never say "too small"; they fill what fits.
      tooSmall: ZeResult.ERROR_INVALID_SIZE,
    });
    const view = this.#listResult(name, result);
    const handles: ZeHandle[] = [];
    for (let i = 0; i < view.count; i++) {
      handles.push(Deno.UnsafePointer.create(view.buffer.u64(i * 8)));
    }
    return handles;
  }

  #listResult(
    name: string,
    result: ReturnType<typeof fetchSizedList>,
  ): { count: number; buffer: StructBuffer } {
    switch (result.kind) {
      case "ok":
        return { count: result.count, buffer: new StructBuffer(result.bytes) };
      case "error":
        throw this.#calls.error(name, result.code);
      case "too-many":
        throw new ZeError(
          ZeResult.ERROR_INVALID_SIZE,
          name,
          `${name}: count ${result.reported} refused (more than ${result.maxCount})`,
        );
      case "kept-growing":
        throw new ZeError(
          ZeResult.ERROR_INVALID_SIZE,
          name,
          `${name}: list kept growing (${result.lastCount} entries)`,
        );
    }
  }
}
