/**
 * One AMD GPU's reading. Each field is read on its own: NOT_SUPPORTED (and the like) makes
 * that field null; an unexpected failure makes it null and is named in the device's `error`;
 * NOT_INIT / DRIVER_NOT_LOADED stops reading the device, keeping what was read.
 */
import type { DeviceReading } from "../../model/types.ts";
import {
  bdfToPciBusId,
  bytesOrNull,
  celsiusOrNull,
  energyJoules,
  knownU32,
  knownU64,
  mebibytesToBytes,
  percentOrNull,
  productNameOrNull,
  textOrNull,
  uuidOrNull,
} from "./convert.ts";
import type { AmdsmiLibrary, Handle, PowerInfo } from "./library.ts";
import { powerLimitWatts } from "./power_limit_unit.ts";
import { readHealth, type SlowHealth } from "./read_health.ts";
import type { SlowHealthCache } from "../slow_health_cache.ts";
import { type FieldErrorCodes, FieldReader, mapOrNull } from "../../ffi/field_reader.ts";
import { AmdsmiError, isFatalForDevice, isQuietlyUnsupported } from "./return_codes.ts";
import {
  CLK_TYPE_GFX,
  CLK_TYPE_MEM,
  MEM_TYPE_GTT,
  MEM_TYPE_VRAM,
  TEMP_CURRENT,
  TEMPERATURE_TYPE_EDGE,
  TEMPERATURE_TYPE_HOTSPOT,
  TEMPERATURE_TYPE_VRAM,
} from "./types.ts";

/** How AMD SMI failure codes count for a field read. */
const FIELD_ERRORS: FieldErrorCodes = {
  errorType: AmdsmiError,
  isFatalForDevice,
  isQuietlyUnsupported,
  labelFatal: true,
};

/** The local id of a GPU: its normalised PCI address, else `amdsmi-<index>`. */
export function amdsmiLocalId(index: number, pciBusId: string | null): string {
  return pciBusId ?? `amdsmi-${index}`;
}

/** Temperature sensors, labelled as amdgpu's hwmon labels them so the maps agree. */
const SENSORS: ReadonlyArray<[label: string, sensor: number]> = [
  ["edge", TEMPERATURE_TYPE_EDGE],
  ["junction", TEMPERATURE_TYPE_HOTSPOT],
  ["mem", TEMPERATURE_TYPE_VRAM],
];

/**
 * Reads every field of one GPU; never throws for an AMD SMI failure. With `slowHealth`, the
 * slowly changing health values are read at most every 10 s (read_health.ts).
 */
export function readDevice(
  amdsmi: AmdsmiLibrary,
  handle: Handle,
  index: number,
  slowHealth: SlowHealthCache<SlowHealth> | null = null,
): { reading: DeviceReading; lost: boolean } {
  const fields = new FieldReader(FIELD_ERRORS);
  const bdf = fields.read("BDF", () => amdsmi.bdf(handle));
  const pciBusId = bdf === null ? null : bdfToPciBusId(bdf);
  const uuid = fields.read("UUID", () => amdsmi.uuid(handle));
  const asic = fields.read("ASIC info", () => amdsmi.asicInfo(handle));
  const marketName = asic === null ? null : productNameOrNull(asic.marketName);
  const productName = marketName === null
    ? mapOrNull(fields.read("board info", () => amdsmi.boardProductName(handle)), productNameOrNull)
    : null;
  const driver = fields.read("driver info", () => amdsmi.driverInfo(handle));
  const activity = fields.read("activity", () => amdsmi.activity(handle));
  const memory = readMemory(amdsmi, handle, fields);
  const temperatures = readTemperatures(amdsmi, handle, fields);
  const power = fields.read("power", () => amdsmi.powerInfo(handle));
  const energy = fields.read("energy", () => amdsmi.energy(handle));
  const clock = (label: string, type: number) =>
    mapOrNull(fields.read(label, () => amdsmi.clock(handle, type)), knownU32);
  const localId = amdsmiLocalId(index, pciBusId);
  const slot = slowHealth === null ? null : { cache: slowHealth, key: localId };
  const reading: DeviceReading = {
    localId,
    vendor: "amd",
    name: marketName ?? productName,
    uuid: uuid === null ? null : uuidOrNull(uuid),
    serial: asic === null ? null : textOrNull(asic.asicSerial),
    pciBusId,
    driver: driver === null ? null : textOrNull(driver.name),
    driverVersion: driver === null ? null : textOrNull(driver.version),
    ...memory,
    utilizationPercent: activity && percentOrNull(activity.gfx),
    memoryUtilizationPercent: activity && percentOrNull(activity.umc),
    engines: activity && engines({ gfx: activity.gfx, mm: activity.mm }),
    temperaturesCelsius: temperatures,
    temperatureCelsius: temperatures === null
      ? null
      : temperatures.edge ?? temperatures.junction ?? temperatures.mem ?? null,
    powerWatts: power && socketWatts(power),
    powerLimitWatts: power && powerLimitWatts(power.powerLimit, amdsmi.powerLimitUnit),
    energyJoules: energy && energyJoules(energy.count, energy.resolutionMicrojoules),
    graphicsClockMHz: clock("graphics clock", CLK_TYPE_GFX),
    memoryClockMHz: clock("memory clock", CLK_TYPE_MEM),
    ...readHealth({ amdsmi, handle, fields }, slot),
  };
  reading.error = fields.error;
  return { reading, lost: fields.lost };
}

/**
 * Bytes from `amdsmi_get_gpu_memory_total/_usage` (sysfs mem_info_* inside the library);
 * when those are not supported, MiB from `amdsmi_get_gpu_vram_usage`. GTT only from bytes.
 */
function readMemory(
  amdsmi: AmdsmiLibrary,
  handle: Handle,
  fields: FieldReader,
): Partial<DeviceReading> {
  let total = mapOrNull(
    fields.read("VRAM total", () => amdsmi.memoryTotal(handle, MEM_TYPE_VRAM)),
    bytesOrNull,
  );
  let used = mapOrNull(
    fields.read("VRAM used", () => amdsmi.memoryUsage(handle, MEM_TYPE_VRAM)),
    bytesOrNull,
  );
  if (total === null || used === null) {
    const vram = fields.read("VRAM usage", () => amdsmi.vramUsage(handle));
    if (vram !== null) {
      total ??= mebibytesToBytes(vram.totalMiB);
      used ??= mebibytesToBytes(vram.usedMiB);
    }
  }
  const gttTotal = mapOrNull(
    fields.read("GTT total", () => amdsmi.memoryTotal(handle, MEM_TYPE_GTT)),
    bytesOrNull,
  );
  const gttUsed = mapOrNull(
    fields.read("GTT used", () => amdsmi.memoryUsage(handle, MEM_TYPE_GTT)),
    bytesOrNull,
  );
  return {
    memoryTotalBytes: total,
    memoryUsedBytes: used,
    memoryFreeBytes: total !== null && used !== null ? Math.max(0, total - used) : null,
    gttTotalBytes: gttTotal,
    gttUsedBytes: gttUsed,
  };
}

function readTemperatures(
  amdsmi: AmdsmiLibrary,
  handle: Handle,
  fields: FieldReader,
): Record<string, number> | null {
  const temperatures: Record<string, number> = {};
  for (const [label, sensor] of SENSORS) {
    const raw = fields.read(
      `${label} temperature`,
      () => amdsmi.temperature(handle, sensor, TEMP_CURRENT),
    );
    const celsius = raw === null ? null : celsiusOrNull(raw);
    if (celsius !== null) temperatures[label] = celsius;
  }
  return Object.keys(temperatures).length === 0 ? null : temperatures;
}

/**
 * W: 6.4+ `socket_power` (whichever of current/average the library found valid), else
 * `current_socket_power` (MI300+), else `average_socket_power` (Navi, MI200 and older).
 */
function socketWatts(power: PowerInfo): number | null {
  const socket = power.socketPower === null ? null : knownU64(power.socketPower);
  if (socket !== null) return Number(socket);
  const current = knownU32(power.currentSocketPower);
  const average = knownU32(power.averageSocketPower);
  // A part that fills only one of them may leave the other at 0 rather than the sentinel.
  if (current === 0 && average !== null) return average;
  return current ?? average;
}

function engines(values: Record<string, number>): Record<string, number> | null {
  const result: Record<string, number> = {};
  for (const [engine, value] of Object.entries(values)) {
    const busy = percentOrNull(value);
    if (busy !== null) result[engine] = busy;
  }
  return Object.keys(result).length === 0 ? null : result;
}
