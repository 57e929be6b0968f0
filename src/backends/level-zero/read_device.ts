/**
 * One Level Zero device's reading. Each field is read on its own: an unsupported value
 * makes that field null; an unexpected failure makes it null and is named in the device's
 * `error`; a lost device stops the reading, keeps what was read, and sets `error`.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { DeviceReading } from "../../model/types.ts";
import { ENGINE_CLASS_GROUPS } from "./engine_classes.ts";
import type { ZeHandle, ZeLibrary } from "./library.ts";
import { busyPercent, type CounterCursor, counterRate } from "./rates.ts";
import { type FieldErrorCodes, FieldReader } from "../../ffi/field_reader.ts";
import { clockEventReasonsOf } from "./clock_reasons.ts";
import { memoryRetirementFailed, readPcieLink, readRasErrors } from "./read_health.ts";
import { isFatalForDevice, isQuietlyUnsupported, ZeError } from "./return_codes.ts";
import { EngineGroup, FreqDomain, MEM_LOC_DEVICE, TempSensor } from "./types.ts";

/** How Level Zero failure codes count for a field read. */
const FIELD_ERRORS: FieldErrorCodes = {
  errorType: ZeError,
  isFatalForDevice,
  isQuietlyUnsupported,
};

const INTEL_VENDOR_ID = 0x8086;

/** A device reading, and whether its handle can still be asked for processes. */
export interface ZeDeviceRead {
  reading: DeviceReading;
  usable: boolean;
}

/** `00112233-4455-6677-8899-aabbccddeeff` from 32 hex digits. */
export function formatUuid(hex: string): string {
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)]
    .join("-");
}

/** Reads every field of one device; never throws for a Level Zero failure. */
export function readDevice(
  ze: ZeLibrary,
  device: ZeHandle,
  index: number,
  cursor: CounterCursor,
): ZeDeviceRead {
  const fields = new FieldReader(FIELD_ERRORS);
  const properties = fields.read("properties", () => ze.deviceProperties(device));
  const pci = fields.read("PCI address", () => ze.pciProperties(device));
  const pciBusId = pci === null ? null : normalizePciBusId(
    `${hex(pci.domain, 4)}:${hex(pci.bus, 2)}:${hex(pci.device, 2)}.${pci.function.toString(16)}`,
  );
  const uuid = properties === null ? null : formatUuid(properties.uuid);
  // The counter key must outlive handles: PCI address, else UUID, else position.
  const key = pciBusId ?? uuid ?? `level-zero-${index}`;
  const reading: DeviceReading = {
    localId: key,
    vendor: properties === null || properties.vendorId === INTEL_VENDOR_ID ? "intel" : "other",
    name: properties?.name || null,
    uuid,
    pciBusId,
    driverVersion: properties?.driverVersion || null,
  };
  if (properties !== null) reading.memoryShared = properties.integrated;
  Object.assign(reading, readMemory(ze, device, fields));
  Object.assign(reading, readPcieLink(ze, device, fields, pci));
  Object.assign(reading, readRasErrors(ze, device, fields));
  Object.assign(reading, readEngines(ze, device, fields, cursor, key));
  Object.assign(reading, readFrequencies(ze, device, fields));
  Object.assign(reading, readTemperatures(ze, device, fields));
  Object.assign(reading, readPower(ze, device, fields, cursor, key));
  reading.error = fields.error;
  return { reading, usable: !fields.lost };
}

function hex(value: number, width: number): string {
  return value.toString(16).padStart(width, "0");
}

/** Device-local modules summed; none (an integrated part) leaves memory to sysfs. */
function readMemory(ze: ZeLibrary, device: ZeHandle, fields: FieldReader): Partial<DeviceReading> {
  const modules = fields.read("memory", () => {
    return ze.handles("zesDeviceEnumMemoryModules", device).map((m) => ze.memoryModule(m))
      .filter((m) => m.location === MEM_LOC_DEVICE);
  });
  if (modules === null || modules.length === 0) return {};
  const retirementFailed = memoryRetirementFailed(modules);
  const total = modules.reduce((sum, m) => sum + m.total, 0n);
  const free = modules.reduce((sum, m) => sum + (m.free < m.total ? m.free : m.total), 0n);
  return {
    memoryTotalBytes: Number(total),
    memoryFreeBytes: Number(free),
    memoryUsedBytes: Number(total - free),
    ...(retirementFailed === null ? {} : { retirementFailed }),
  };
}

function readEngines(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
  cursor: CounterCursor,
  key: string,
): Partial<DeviceReading> {
  const groups = fields.read("engines", () => {
    const byType = new Map<number, number | null>();
    for (const engine of ze.handles("zesDeviceEnumEngineGroups", device)) {
      const properties = ze.engineProperties(engine);
      if (properties.onSubdevice || byType.has(properties.type)) continue;
      const stats = ze.engineActivity(engine);
      const fraction = counterRate(
        cursor,
        `${key}/engine/${properties.type}`,
        stats.activeUs,
        stats.timestampUs,
      );
      byType.set(properties.type, busyPercent(fraction));
    }
    return byType;
  });
  if (groups === null) return {};
  const engines: Record<string, number> = {};
  for (const [name, types] of ENGINE_CLASS_GROUPS) {
    const type = types.find((t) => groups.has(t));
    const value = type === undefined ? null : groups.get(type) ?? null;
    if (value !== null) engines[name] = value;
  }
  const all = groups.get(EngineGroup.ALL) ?? null;
  return {
    engines: Object.keys(engines).length === 0 ? null : engines,
    utilizationPercent: all,
    utilizationSource: all === null ? null : "device",
  };
}

function readFrequencies(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
): Partial<DeviceReading> {
  const result: Partial<DeviceReading> = {};
  const domains = fields.read(
    "frequency",
    () => ze.handles("zesDeviceEnumFrequencyDomains", device),
  );
  for (const domain of domains ?? []) {
    const properties = fields.read("frequency", () => ze.frequencyProperties(domain));
    if (properties === null || properties.onSubdevice) continue;
    const state = fields.read("frequency", () => ze.frequencyState(domain));
    const actual = state?.actualMHz ?? null;
    const current = actual !== null && actual >= 0 ? actual : null;
    const max = properties.maxMHz > 0 ? properties.maxMHz : null;
    if (properties.type === FreqDomain.GPU && result.graphicsClockMHz === undefined) {
      result.graphicsClockMHz = current;
      result.graphicsClockMaxMHz = max;
      if (state !== null) result.clockEventReasons = clockEventReasonsOf(state.throttleReasons);
    } else if (properties.type === FreqDomain.MEMORY && result.memoryClockMHz === undefined) {
      result.memoryClockMHz = current;
      result.memoryClockMaxMHz = max;
    }
  }
  return result;
}

const SENSOR_LABELS: ReadonlyMap<number, string> = new Map([
  [TempSensor.GLOBAL, "global"],
  [TempSensor.GPU, "gpu"],
  [TempSensor.MEMORY, "memory"],
]);

function readTemperatures(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
): Partial<DeviceReading> {
  const sensors = fields.read(
    "temperature",
    () => ze.handles("zesDeviceEnumTemperatureSensors", device),
  );
  const celsius: Record<string, number> = {};
  for (const sensor of sensors ?? []) {
    const properties = fields.read("temperature", () => ze.temperatureProperties(sensor));
    const label = properties === null ? undefined : SENSOR_LABELS.get(properties.type);
    if (properties === null || properties.onSubdevice || label === undefined) continue;
    const value = fields.read("temperature", () => ze.temperatureCelsius(sensor));
    if (value !== null && Number.isFinite(value) && !(label in celsius)) celsius[label] = value;
  }
  if (Object.keys(celsius).length === 0) return {};
  return {
    temperatureCelsius: celsius.gpu ?? celsius.global ?? null,
    temperaturesCelsius: celsius,
  };
}

function readPower(
  ze: ZeLibrary,
  device: ZeHandle,
  fields: FieldReader,
  cursor: CounterCursor,
  key: string,
): Partial<DeviceReading> {
  // The card domain when the device has one; else the first domain it lists.
  const domain = fields.read("power", () => {
    try {
      return ze.cardPowerDomain(device);
    } catch (error) {
      if (!(error instanceof ZeError) || !isQuietlyUnsupported(error.code)) throw error;
      return ze.handles("zesDeviceEnumPowerDomains", device)[0] ?? null;
    }
  });
  if (domain === null) return {};
  const result: Partial<DeviceReading> = {};
  const limit = fields.read("power limit", () => ze.sustainedPowerLimitMilliwatts(domain));
  if (limit !== null) result.powerLimitWatts = limit / 1000;
  const energy = fields.read("energy", () => ze.energyCounter(domain));
  if (energy !== null) {
    result.energyJoules = Number(energy.energyUj) / 1e6;
    // µJ / µs = W.
    const watts = counterRate(cursor, `${key}/energy`, energy.energyUj, energy.timestampUs);
    result.powerWatts = watts === null ? null : Math.round(watts * 1000) / 1000;
  }
  return result;
}
