/**
 * The key by which the merge (`merge.ts`) joins the readings of one process on one device from
 * several backends, made for every process of every sample.
 */
import type { Device } from "./types.ts";

/** Bounds of a numeric merge key: pid × 2^21 + device index + 1 stays a safe integer. */
const PID_LIMIT = 2 ** 31;
const INDEX_LIMIT = 2 ** 21 - 1;

/**
 * One process on one device (or on none): a number for every real pid and index (no string
 * per process per sample), a string for anything else; a number never equals a string key.
 */
export function mergeKeyOf(pid: number, device: Device | null): number | string {
  const index = device === null ? -1 : device.index;
  const numeric = Number.isInteger(pid) && pid >= 0 && pid < PID_LIMIT &&
    Number.isInteger(index) && index >= -1 && index < INDEX_LIMIT;
  return numeric
    ? pid * (INDEX_LIMIT + 1) + index + 1
    : `${pid}\u0000${device ? device.index : "-"}`;
}
