/**
 * AMD SMI's raw numbers into the model's units. All-ones values (0xFFFF in 6.x structs,
 * 0xFFFFFFFF in 7.x, UINT64_MAX) mean "not available" and become null, never a huge number.
 */
import { normalizePciBusId } from "../../model/pci.ts";

const NA16 = 0xffff;
const NA32 = 0xffffffff;
const NA64 = 0xffffffffffffffffn;

/** A u32 field, or null for either all-ones sentinel. */
export function knownU32(value: number): number | null {
  return value === NA16 || value === NA32 ? null : value;
}

/** A u64 field, or null for UINT64_MAX (and for a u32 sentinel widened to 64 bits). */
export function knownU64(value: bigint): bigint | null {
  return value === NA64 || value === BigInt(NA32) || value === BigInt(NA16) ? null : value;
}

/** A busy percentage: sentinels and anything past 100 (not a percentage) are null. */
export function percentOrNull(value: number): number | null {
  const known = knownU32(value);
  return known === null || known > 100 ? null : known;
}

/** Bytes as a number; UINT64_MAX is null. */
export function bytesOrNull(value: bigint): number | null {
  return value === NA64 ? null : Number(value);
}

/** MiB (`amdsmi_vram_usage_t`) to bytes. */
export function mebibytesToBytes(value: number): number | null {
  const known = knownU32(value);
  return known === null ? null : known * 1048576;
}

/** °C from `amdsmi_get_temp_metric`; values no GPU reports (past ±1000 °C) are garbage. */
export function celsiusOrNull(value: bigint): number | null {
  return value > -1000n && value < 1000n ? Number(value) : null;
}

/** Joules = accumulator × resolution (µJ per count) / 1e6; null when either is unusable. */
export function energyJoules(count: bigint, resolutionMicrojoules: number): number | null {
  if (count === NA64) return null;
  if (!Number.isFinite(resolutionMicrojoules) || resolutionMicrojoules <= 0) return null;
  return (Number(count) * resolutionMicrojoules) / 1e6;
}

/**
 * `amdsmi_bdf_t` as one u64 → `dddd:bb:dd.f`: function bits 0–2, device 3–7, bus 8–15,
 * domain 16–63 (not rocm_smi's BDFID, whose domain is at bit 32). Null for a domain past
 * 16 bits (no real PCI domain) or an all-ones value.
 *
 * @example
 * ```ts
 * import { bdfToPciBusId } from "./convert.ts";
 * bdfToPciBusId(0x0001_8300n); // "0001:83:00.0"
 * ```
 */
export function bdfToPciBusId(bdf: bigint): string | null {
  if (bdf === NA64) return null;
  const fn = Number(bdf & 0x7n);
  const device = Number((bdf >> 3n) & 0x1fn);
  const bus = Number((bdf >> 8n) & 0xffn);
  const domain = bdf >> 16n;
  if (domain > 0xffffn) return null;
  const hex = (value: number | bigint, width: number) => value.toString(16).padStart(width, "0");
  return normalizePciBusId(`${hex(domain, 4)}:${hex(bus, 2)}:${hex(device, 2)}.${fn}`);
}

/** Text from a fixed char array: empty, "N/A" or replacement characters (not text) → null. */
export function textOrNull(value: string): string | null {
  const text = value.trim();
  if (text === "" || text === "N/A" || text.includes("\uFFFD")) return null;
  return text;
}

/** A UUID as AMD SMI writes it (36 hex-and-dash characters); anything else is null. */
export function uuidOrNull(value: string): string | null {
  const text = value.trim();
  return /^[0-9a-fA-F-]{8,64}$/.test(text) ? text.toLowerCase() : null;
}

/** A product name; one that is only a PCI id ("0x74a1") says nothing, as AMD SMI itself notes. */
export function productNameOrNull(value: string): string | null {
  const text = textOrNull(value);
  return text === null || /^0x[0-9a-f]+$/i.test(text) ? null : text;
}
