/**
 * The two property structs that identify a Level Zero device, decoded from the bytes
 * `zesDeviceGetProperties` and `zesDevicePciGetProperties` wrote. Strings are read only
 * within their fixed arrays.
 */
import type { StructBuffer } from "../../ffi/struct_reader.ts";
import {
  DEVICE_NAME_SIZE,
  DEVICE_PROPERTIES,
  DEVICE_PROPERTY_FLAG_INTEGRATED,
  DEVICE_UUID_SIZE,
  PCI_PROPERTIES,
  STRING_PROPERTY_SIZE,
} from "./types.ts";

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
  /** Whether `zesDevicePciGetStats` counts link replays. */
  haveReplayCounters: boolean;
}

/** One memory module: bytes, `zes_mem_loc_t` and `zes_mem_health_t`. */
export interface ZeMemoryModule {
  location: number;
  total: bigint;
  free: bigint;
  health: number;
}

/** A `zes_device_properties_t` (with its embedded core properties). */
export function decodeDeviceProperties(buffer: StructBuffer): ZeDeviceProperties {
  const p = DEVICE_PROPERTIES;
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

/** A `zes_pci_properties_t`. */
export function decodePciProperties(buffer: StructBuffer): ZePciProperties {
  const p = PCI_PROPERTIES;
  return {
    domain: buffer.u32(p.domain),
    bus: buffer.u32(p.bus),
    device: buffer.u32(p.device),
    function: buffer.u32(p.function),
    maxGeneration: buffer.i32(p.maxSpeedGen),
    maxWidth: buffer.i32(p.maxSpeedWidth),
    haveReplayCounters: buffer.bytes[p.haveReplayCounters] !== 0,
  };
}
