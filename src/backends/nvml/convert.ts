/**
 * NVML's raw numbers into the model's units. `NVML_VALUE_NOT_AVAILABLE` (all bits set)
 * becomes null, never a huge number or 0.
 */
import { u64ToNumber } from "../../ffi/struct_reader.ts";
import {
  DEVICE_ARCHITECTURES,
  PSTATE_MAX,
  VALUE_NOT_AVAILABLE_U32,
  VALUE_NOT_AVAILABLE_U64,
} from "./types.ts";

/** An `unsigned int` reading, or null when NVML marks it not available. */
export function knownU32(value: number): number | null {
  return value === VALUE_NOT_AVAILABLE_U32 ? null : value;
}

/** A percentage, capped at 100 (NVML's fan speed may pass it). */
export function percent(value: number): number | null {
  const known = knownU32(value);
  return known === null ? null : Math.min(known, 100);
}

/** A byte count, or null when NVML marks it not available (process memory under WDDM). */
export function bytesOrNull(value: bigint): number | null {
  return value === VALUE_NOT_AVAILABLE_U64 ? null : u64ToNumber(value);
}

/** Milliwatts to watts. */
export function milliwattsToWatts(value: number): number | null {
  const known = knownU32(value);
  return known === null ? null : known / 1000;
}

/** Millijoules (u64) to joules. */
export function millijoulesToJoules(value: bigint): number | null {
  return value === VALUE_NOT_AVAILABLE_U64 ? null : u64ToNumber(value) / 1000;
}

/** `nvmlPstates_t` to "P0"…"P15"; unknown (32) or anything else is null. */
export function performanceStateName(value: number): string | null {
  return Number.isInteger(value) && value >= 0 && value <= PSTATE_MAX ? `P${value}` : null;
}

/** `nvmlDeviceArchitecture_t` to a name; unknown values are null. */
export function architectureName(value: number): string | null {
  return DEVICE_ARCHITECTURES.get(value) ?? null;
}

/**
 * NVML's CUDA driver version integer (1000 × major + 10 × minor) as text.
 *
 * @example
 * ```ts
 * import { cudaVersionText } from "./convert.ts";
 * cudaVersionText(12020); // "12.2"
 * ```
 */
export function cudaVersionText(value: number): string | null {
  if (!Number.isInteger(value) || value <= 0) return null;
  return `${Math.floor(value / 1000)}.${Math.floor((value % 1000) / 10)}`;
}
