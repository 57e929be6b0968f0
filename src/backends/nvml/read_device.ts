/**
 * One device's reading. Each field is read on its own: NOT_SUPPORTED (and the like) makes
 * that field null; an unexpected failure makes it null and is named in the device's
 * `error`; GPU_IS_LOST (and the like) stops reading the device, keeps what was read, and
 * sets `error`, so the other devices are still read.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { DeviceReading } from "../../model/types.ts";
import {
  architectureName,
  bytesOrNull,
  knownU32,
  millijoulesToJoules,
  milliwattsToWatts,
  percent,
  performanceStateName,
} from "./convert.ts";
import type { NvmlLibrary } from "./library.ts";
import { readHealth, type SlowHealth, type SlowHealthSlot } from "./read_health.ts";
import type { SlowHealthCache } from "../slow_health_cache.ts";
import { type FieldErrorCodes, FieldReader, mapOrNull } from "../../ffi/field_reader.ts";
import { isFatalForDevice, isQuietlyUnsupported, NvmlError } from "./return_codes.ts";
import type { DevicePairGetter, DeviceSelectedU32Getter, DeviceU32Getter } from "./symbols.ts";
import { CLOCK_GRAPHICS, CLOCK_MEM, DEVICE_MIG_ENABLE, TEMPERATURE_GPU } from "./types.ts";

/** How NVML failure codes count for a field read. */
export const FIELD_ERRORS: FieldErrorCodes = {
  errorType: NvmlError,
  isFatalForDevice,
  isQuietlyUnsupported,
};

/** Values NVML reports for the whole system, copied onto every device. */
export interface NvmlSystemInfo {
  driverVersion: string | null;
  cudaDriverVersion: string | null;
}

/** A device reading, and its handle when the device can still be asked for processes. */
export interface NvmlDeviceRead {
  reading: DeviceReading;
  handle: Deno.PointerValue | null;
}

/** The local id of a device: its normalised PCI address, else `nvml-<index>`. */
export function nvmlLocalId(index: number, pciBusId: string | null): string {
  return pciBusId ?? `nvml-${index}`;
}

/**
 * Reads every field of device `index`; never throws for an NVML failure. `resolved` is the
 * device's handle when the caller already has it from the current library lifetime.
 */
export function readDevice(
  nvml: NvmlLibrary,
  index: number,
  system: NvmlSystemInfo,
  resolved?: Deno.PointerValue,
  slowHealth: SlowHealthCache<SlowHealth> | null = null,
): NvmlDeviceRead {
  const fields = new FieldReader(FIELD_ERRORS);
  const found = resolved !== undefined && resolved !== null
    ? { handle: resolved }
    : fields.read("handle", () => ({ handle: nvml.handle(index) }));
  if (found === null) {
    return {
      reading: { localId: nvmlLocalId(index, null), vendor: "nvidia", error: fields.error },
      handle: null,
    };
  }
  const h = found.handle;
  const reading = readFields({ nvml, h, fields, slowHealth }, index, system);
  reading.error = fields.error;
  return { reading, handle: fields.lost ? null : h };
}

/** One device's handle, and the reader that keeps its failures. */
interface DeviceFields {
  nvml: NvmlLibrary;
  h: Deno.PointerValue;
  fields: FieldReader;
  slowHealth?: SlowHealthCache<SlowHealth> | null;
}

/** Every field, identity first: when the GPU is lost part-way, what identifies it is kept. */
function readFields(
  { nvml, h, fields, slowHealth }: DeviceFields,
  index: number,
  system: NvmlSystemInfo,
): DeviceReading {
  const pair = (label: string, name: DevicePairGetter) =>
    fields.read(label, () => nvml.devicePair(h, name));
  const pciBusId = normalizePciBusId(fields.read("PCI bus id", () => nvml.pciBusId(h)));
  const name = fields.read("name", () => nvml.deviceString(h, "nvmlDeviceGetName"));
  const uuid = fields.read("UUID", () => nvml.deviceString(h, "nvmlDeviceGetUUID"));
  const serial = fields.read("serial", () => nvml.deviceString(h, "nvmlDeviceGetSerial"));
  const memory = fields.read("memory", () => nvml.memory(h));
  const rates = fields.read("utilization", () => nvml.utilization(h));
  const encoder = pair("encoder utilization", "nvmlDeviceGetEncoderUtilization");
  const decoder = pair("decoder utilization", "nvmlDeviceGetDecoderUtilization");
  const capability = pair("compute capability", "nvmlDeviceGetCudaComputeCapability");
  const mig = pair("MIG mode", "nvmlDeviceGetMigMode");
  return {
    localId: nvmlLocalId(index, pciBusId),
    vendor: "nvidia",
    name,
    uuid,
    serial,
    pciBusId,
    driver: "nvidia",
    driverVersion: system.driverVersion,
    cudaDriverVersion: system.cudaDriverVersion,
    memoryTotalBytes: memory && bytesOrNull(memory.total),
    memoryUsedBytes: memory && bytesOrNull(memory.used),
    memoryFreeBytes: memory && bytesOrNull(memory.free),
    utilizationPercent: rates && percent(rates.gpu),
    memoryUtilizationPercent: rates && percent(rates.memory),
    engines: engines({ encode: encoder?.[0] ?? null, decode: decoder?.[0] ?? null }),
    ...readSensors({ nvml, h, fields }),
    ...readHealth({ nvml, h, fields }, slot(slowHealth, nvmlLocalId(index, pciBusId))),
    computeCapability: capability && `${capability[0]}.${capability[1]}`,
    migMode: mig && mig[0] === DEVICE_MIG_ENABLE,
  };
}

/** Temperature, power, energy, clocks, fan, performance state, PCIe link and architecture. */
function readSensors({ nvml, h, fields }: DeviceFields): Partial<DeviceReading> {
  const u32 = (label: string, name: DeviceU32Getter) =>
    fields.read(label, () => nvml.deviceU32(h, name));
  const u32Of = (label: string, name: DeviceSelectedU32Getter, selector: number) =>
    fields.read(label, () => nvml.deviceU32Of(h, name, selector));
  return {
    temperatureCelsius: known(
      u32Of("temperature", "nvmlDeviceGetTemperature", TEMPERATURE_GPU),
    ),
    powerWatts: mapOrNull(u32("power", "nvmlDeviceGetPowerUsage"), milliwattsToWatts),
    powerLimitWatts: mapOrNull(
      u32("power limit", "nvmlDeviceGetEnforcedPowerLimit"),
      milliwattsToWatts,
    ),
    energyJoules: mapOrNull(
      fields.read("energy", () => nvml.totalEnergyMillijoules(h)),
      millijoulesToJoules,
    ),
    graphicsClockMHz: known(u32Of("graphics clock", "nvmlDeviceGetClockInfo", CLOCK_GRAPHICS)),
    graphicsClockMaxMHz: known(
      u32Of("graphics clock max", "nvmlDeviceGetMaxClockInfo", CLOCK_GRAPHICS),
    ),
    memoryClockMHz: known(u32Of("memory clock", "nvmlDeviceGetClockInfo", CLOCK_MEM)),
    memoryClockMaxMHz: known(u32Of("memory clock max", "nvmlDeviceGetMaxClockInfo", CLOCK_MEM)),
    fanPercent: mapOrNull(u32("fan", "nvmlDeviceGetFanSpeed"), percent),
    performanceState: mapOrNull(
      u32("performance state", "nvmlDeviceGetPerformanceState"),
      performanceStateName,
    ),
    pcieGeneration: known(u32("PCIe generation", "nvmlDeviceGetCurrPcieLinkGeneration")),
    pcieWidth: known(u32("PCIe width", "nvmlDeviceGetCurrPcieLinkWidth")),
    architecture: mapOrNull(u32("architecture", "nvmlDeviceGetArchitecture"), architectureName),
  };
}

function slot(
  cache: SlowHealthCache<SlowHealth> | null | undefined,
  key: string,
): SlowHealthSlot | null {
  return cache ? { cache, key } : null;
}

function known(value: number | null): number | null {
  return value === null ? null : knownU32(value);
}

/** Encoder / decoder busy percent as device engines; null when neither is known. */
function engines(values: Record<string, number | null>): Record<string, number> | null {
  const result: Record<string, number> = {};
  for (const [engine, value] of Object.entries(values)) {
    const busy = value === null ? null : percent(value);
    if (busy !== null) result[engine] = busy;
  }
  return Object.keys(result).length === 0 ? null : result;
}
