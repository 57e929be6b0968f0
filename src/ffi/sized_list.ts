/**
 * The "ask for the count, allocate, fetch" pattern of C list APIs (NVML process lists,
 * Level Zero handle lists), with the race handled: when the list grows between the size
 * query and the fetch, the library answers "too small" and the fetch is retried with a
 * larger buffer. A list that keeps growing is an outcome of its own, never a silent cut.
 */

import { StructBuffer } from "./struct_reader.ts";
import type { VendorCallError, VendorCalls } from "./vendor_call_error.ts";

/** No GPU API lists more than this many devices, engines or processes in practice. */
export const DEFAULT_MAX_COUNT = 65536;

/** One call: `count` holds the capacity in entries on input, the entry count on output. */
export type SizedListCall = (count: Uint32Array, buffer: Uint8Array | null) => number;

export interface SizedListOptions {
  /** Bytes per entry. */
  stride: number;
  /** The library's success code. */
  success: number;
  /** The code meaning "buffer too small; `count` now holds the size needed". */
  tooSmall: number;
  /** Fetches after the size query before giving up (default 5). */
  maxAttempts?: number;
  /**
   * The most entries believed (default 65536): a larger count from the library is refused
   * before anything is allocated, so a corrupt count of 2^31 cannot exhaust memory.
   */
  maxCount?: number;
  /** Prepares a fresh buffer of `capacity` entries (set per-entry version fields). */
  prepare?: (bytes: Uint8Array, capacity: number) => void;
}

/** The outcome of {@linkcode fetchSizedList}. */
export type SizedListResult =
  | { kind: "ok"; count: number; bytes: Uint8Array }
  | { kind: "error"; code: number }
  | { kind: "kept-growing"; attempts: number; lastCount: number }
  | { kind: "too-many"; reported: number; maxCount: number };

/**
 * Runs the size query (`count = 0`, NULL buffer), then fetches until the buffer is big
 * enough. Each retry allocates at least what the library asked for, and at least twice
 * the previous capacity, so a list that grows steadily still converges.
 *
 * @example
 * ```ts ignore
 * const result = fetchSizedList((count, buffer) => getProcesses(device, count, buffer), {
 *   stride: 24, success: 0, tooSmall: 7,
 * });
 * ```
 */
export function fetchSizedList(call: SizedListCall, options: SizedListOptions): SizedListResult {
  const maxAttempts = options.maxAttempts ?? 5;
  const maxCount = options.maxCount ?? DEFAULT_MAX_COUNT;
  const count = new Uint32Array(1);
  let code = call(count, null);
  // NVML answers the size query with "too small" and the count; Level Zero with success
  // and the count. Success with a count of 0 is an empty list for both.
  if (code === options.success && (count[0] ?? 0) === 0) {
    return { kind: "ok", count: 0, bytes: new Uint8Array(0) };
  }
  if (code !== options.success && code !== options.tooSmall) return { kind: "error", code };
  let capacity = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const reported = count[0] ?? 0;
    if (reported > maxCount) return { kind: "too-many", reported, maxCount };
    capacity = Math.min(Math.max(reported, capacity * 2, 1), maxCount);
    const bytes = new Uint8Array(capacity * options.stride);
    options.prepare?.(bytes, capacity);
    count[0] = capacity;
    code = call(count, bytes);
    if (code === options.success) {
      return { kind: "ok", count: Math.min(count[0] ?? 0, capacity), bytes };
    }
    if (code !== options.tooSmall) return { kind: "error", code };
  }
  return { kind: "kept-growing", attempts: maxAttempts, lastCount: count[0] ?? 0 };
}

/** What a list fetch comes back with, whatever its protocol (this file's, or AMD SMI's). */
export type ListOutcome =
  | { kind: "ok"; count: number; bytes: Uint8Array }
  | { kind: "error"; code: number }
  | { kind: "kept-growing"; attempts: number; lastCount: number }
  | { kind: "too-many"; reported: number; maxCount: number }
  | { kind: "too-many"; reported: number; limit: number };

/** How one library words a list it could not have whole: its codes, our messages. */
export interface ListRefusals {
  codes: { tooMany: number; keptGrowing: number };
  /** A count past the bound, refused before anything was allocated. */
  tooMany(reported: number, limit: number): string;
  /** A list still growing after every retry. */
  keptGrowing(lastCount: number, attempts: number): string;
}

/**
 * The entries of a list fetched whole, or the library's error (of `calls`' type, naming
 * `symbol`) for why it was not.
 */
export function listEntries<E extends VendorCallError>(
  result: ListOutcome,
  calls: VendorCalls<E>,
  symbol: string,
  refusals: ListRefusals,
): { count: number; view: StructBuffer } {
  switch (result.kind) {
    case "ok":
      return { count: result.count, view: new StructBuffer(result.bytes) };
    case "error":
      throw calls.error(symbol, result.code);
    case "too-many": {
      const limit = "maxCount" in result ? result.maxCount : result.limit;
      const message = refusals.tooMany(result.reported, limit);
      throw calls.failed(symbol, refusals.codes.tooMany, message);
    }
    case "kept-growing": {
      const message = refusals.keptGrowing(result.lastCount, result.attempts);
      throw calls.failed(symbol, refusals.codes.keptGrowing, message);
    }
  }
}

/** Each entry of a list fetched whole, decoded from its `stride` bytes at `base`. */
export function eachEntry<T>(
  list: { count: number; view: StructBuffer },
  stride: number,
  decode: (view: StructBuffer, base: number) => T,
): T[] {
  const entries: T[] = [];
  for (let i = 0; i < list.count; i++) entries.push(decode(list.view, i * stride));
  return entries;
}

/** The handles (opaque pointers, 8 bytes each) of a list fetched whole. */
export function handlesIn(list: { count: number; view: StructBuffer }): Deno.PointerValue[] {
  return eachEntry(list, 8, (view, base) => Deno.UnsafePointer.create(view.u64(base)));
}
