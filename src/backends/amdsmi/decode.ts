/**
 * AMD SMI structs decoded from the bytes the library wrote, with the layout of the generation
 * in use (types.ts): what identifies a GPU, its driver, its power, and the library version.
 */
import { readCStringPointer } from "../../ffi/c_string.ts";
import type { StructBuffer } from "../../ffi/struct_reader.ts";
import { type LibVersion, parseLibVersion } from "./generation.ts";
import type { LayoutSet } from "./types.ts";

export interface PowerInfo {
  /** W, 6.4+ only. */
  socketPower: bigint | null;
  currentSocketPower: number;
  averageSocketPower: number;
  /** W or µW, by release (power_limit_unit.ts). */
  powerLimit: number;
}

/** `amdsmi_asic_info_t`: the names and the PCI device id. */
export function decodeAsicInfo(
  layout: LayoutSet["asicInfo"],
  info: StructBuffer,
): { marketName: string; asicSerial: string; deviceId: bigint } {
  return {
    marketName: info.string(layout.marketName, layout.marketNameLength),
    asicSerial: info.string(layout.asicSerial, layout.asicSerialLength),
    deviceId: info.u64(layout.deviceId),
  };
}

/** `amdsmi_driver_info_t`. */
export function decodeDriverInfo(
  layout: LayoutSet["driverInfo"],
  info: StructBuffer,
): { version: string; name: string } {
  return {
    version: info.string(layout.driverVersion, layout.stringLength),
    name: info.string(layout.driverName, layout.stringLength),
  };
}

/** `amdsmi_power_info_t`. */
export function decodePowerInfo(layout: LayoutSet["power"], info: StructBuffer): PowerInfo {
  return {
    socketPower: layout.socketPower === null ? null : info.u64(layout.socketPower),
    currentSocketPower: info.u32(layout.currentSocketPower),
    averageSocketPower: info.u32(layout.averageSocketPower),
    powerLimit: info.u32(layout.powerLimit),
  };
}

/**
 * `amdsmi_version_t`: from `build` (a `const char*` at 16 in both struct forms), else from
 * the leading numbers: A70 has `major` at 0 (26 and up); earlier ones `year`, `major`.
 */
export function decodeLibVersion(version: StructBuffer): LibVersion {
  const build = version.u64(16);
  const text = build === 0n ? null : readCStringPointer(Deno.UnsafePointer.create(build));
  const parsed = text === null ? null : parseLibVersion(text);
  if (parsed !== null) return parsed;
  const first = version.u32(0);
  const second = version.u32(4);
  return { first, second, text: `${first}.${second}` };
}
