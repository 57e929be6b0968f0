/**
 * AMD SMI's two list protocols, with every count the library reports bounded before it
 * sizes an allocation (a broken or hostile library must not make gputop allocate gigabytes).
 *
 * - Handle lists (`amdsmi_get_socket_handles`, `amdsmi_get_processor_handles`): a NULL array
 *   asks for the count, then the array is fetched; the library writes `min(*count, n)`.
 * - The process list: `*max_processes` is the capacity on input and the real total on output,
 *   and a short buffer is still filled and answered with OUT_OF_RESOURCES. A NULL list is
 *   only documented as accepted with a zero count from 6.2, and the 6.0/6.1 count semantics
 *   are not documented, so no size query is made: the first call passes a small buffer and
 *   each retry grows it (to the total reported, and at least double), never keeping a
 *   truncated list.
 *
 * `src/ffi/sized_list.ts` covers NVML's and Level Zero's protocol (size query, then "too
 * small" carrying the needed count); it has no bound and no start-small mode, and widening
 * its result type would touch every caller, so these two small loops live here.
 */

/** One call: `count` holds the capacity on input; `buffer` null asks for the count. */
export type ListCall = (count: Uint32Array, buffer: Uint8Array | null) => number;

/** The outcome of a list fetch. */
export type ListResult =
  | { kind: "ok"; count: number; bytes: Uint8Array }
  | { kind: "error"; code: number }
  | { kind: "too-many"; reported: number; limit: number }
  | { kind: "kept-growing"; attempts: number; lastCount: number };

export interface ListOptions {
  stride: number;
  success: number;
  /** Most entries believed; a larger count is garbage. */
  limit: number;
}

/** NULL query for the count, then one fetch. */
export function fetchHandleList(call: ListCall, options: ListOptions): ListResult {
  const count = new Uint32Array(1);
  let code = call(count, null);
  if (code !== options.success) return { kind: "error", code };
  const reported = count[0] ?? 0;
  if (reported === 0) return { kind: "ok", count: 0, bytes: new Uint8Array(0) };
  if (reported > options.limit) return { kind: "too-many", reported, limit: options.limit };
  const bytes = new Uint8Array(reported * options.stride);
  count[0] = reported;
  code = call(count, bytes);
  if (code !== options.success) return { kind: "error", code };
  return { kind: "ok", count: Math.min(count[0] ?? 0, reported), bytes };
}

export interface GrowingListOptions extends ListOptions {
  /** The code for "buffer too small; the total is in the count". */
  tooSmall: number;
  /** Entries in the first buffer. */
  firstCapacity: number;
  /** Calls before giving up on a list that keeps growing (default 6). */
  maxAttempts?: number;
}

/** Start small, grow on "too small" (or on a total above the capacity), never truncate. */
export function fetchGrowingList(call: ListCall, options: GrowingListOptions): ListResult {
  const maxAttempts = options.maxAttempts ?? 6;
  let capacity = Math.max(1, options.firstCapacity);
  const count = new Uint32Array(1);
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const bytes = new Uint8Array(capacity * options.stride);
    count[0] = capacity;
    const code = call(count, bytes);
    if (code !== options.success && code !== options.tooSmall) return { kind: "error", code };
    const total = count[0] ?? 0;
    if (code === options.success && total <= capacity) return { kind: "ok", count: total, bytes };
    if (total > options.limit) return { kind: "too-many", reported: total, limit: options.limit };
    if (capacity >= options.limit) break;
    capacity = Math.min(options.limit, Math.max(total, capacity * 2));
  }
  return { kind: "kept-growing", attempts: maxAttempts, lastCount: count[0] ?? 0 };
}
