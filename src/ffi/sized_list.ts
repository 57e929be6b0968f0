/**
 * The "ask for the count, allocate, fetch" pattern of C list APIs (NVML process lists,
 * Level Zero handle lists), with the race handled: when the list grows between the size
 * query and the fetch, the library answers "too small" and the fetch is retried with a
 * larger buffer. A list that keeps growing is an outcome of its own, never a silent cut.
 */

import { StructBuffer } from "./struct_reader.ts";

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
  | { kind: "too-many"; reported: number };

/** How a list that could not be had whole is reported: each library words it its own way. */
export interface ListFailures<R extends ListOutcome> {
  error(code: number): Error;
  tooMany(failure: Extract<R, { kind: "too-many" }>): Error;
  keptGrowing(failure: Extract<R, { kind: "kept-growing" }>): Error;
}

/** The entries of a list fetched whole, or the library's error for why it was not. */
export function listEntries<R extends ListOutcome>(
  result: R,
  failures: ListFailures<R>,
): { count: number; view: StructBuffer } {
  const outcome: ListOutcome = result;
  switch (outcome.kind) {
    case "ok":
      return { count: outcome.count, view: new StructBuffer(outcome.bytes) };
    case "error":
      throw failures.error(outcome.code);
    case "too-many":
      throw failures.tooMany(outcome as Extract<R, { kind: "too-many" }>);
    case "kept-growing":
      throw failures.keptGrowing(outcome as Extract<R, { kind: "kept-growing" }>);
  }
}
