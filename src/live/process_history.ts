/**
 * The recent GPU memory of each process, for the detail panel's chart: one fixed-size ring
 * per process (its memory summed over its devices; null when no device's figure is known).
 * Bounded twice: rings never grow, and at most `MAX_TRACKED_PROCESSES` processes are kept
 * (the largest first); a process gone from the reading takes its ring with it.
 */
import type { GpuProcess, ListedProcess, Snapshot } from "../model/types.ts";
import { RingBuffer } from "./ring_buffer.ts";
import { processKey } from "./selection.ts";

export const MAX_TRACKED_PROCESSES = 64;

/** What the frame reads: pure data, so the frame stays a pure function. */
export interface ProcessHistoryView {
  /** GPU memory in bytes, oldest first; empty for a process not tracked. */
  memoryOf(processKey: string): readonly (number | null)[];
}

/** A process's `processKey`, with what it was made from. */
interface MadeKey {
  host: string | undefined;
  startTime: string | null;
  key: string;
}

/**
 * `processKey` of each process, the string of the last reading reused while its pid's host and
 * start time are the same: no new key string (to hash again) per process per reading.
 */
class ProcessKeys {
  #byPid = new Map<number, MadeKey>();
  #next = new Map<number, MadeKey>();

  keyOf(process: GpuProcess): string {
    const host = (process as ListedProcess).host;
    let made = this.#byPid.get(process.pid);
    if (made === undefined || made.host !== host || made.startTime !== process.startTime) {
      made = { host, startTime: process.startTime, key: processKey(process) };
    }
    this.#next.set(process.pid, made);
    return made.key;
  }

  /** After a reading: the pids of this one are the ones known. */
  end(): void {
    [this.#byPid, this.#next] = [this.#next, this.#byPid];
    this.#next.clear();
  }
}

/** Each process's memory in one reading, summed over its rows, by `processKey`. */
function memoryByProcess(
  processes: readonly GpuProcess[],
  keys: ProcessKeys,
): Map<string, number | null> {
  const totals = new Map<string, number | null>();
  for (const p of processes) {
    const key = keys.keyOf(p);
    const before = totals.get(key) ?? null;
    const bytes = p.gpuMemoryBytes;
    totals.set(key, bytes === null ? before : (before ?? 0) + bytes);
  }
  keys.end();
  return totals;
}

export class ProcessHistory implements ProcessHistoryView {
  #capacity: number;
  readonly #maxTracked: number;
  #rings = new Map<string, RingBuffer>();
  readonly #keys = new ProcessKeys();

  constructor(capacity: number, maxTracked = MAX_TRACKED_PROCESSES) {
    this.#capacity = Math.max(1, Math.floor(capacity));
    this.#maxTracked = Math.max(1, Math.floor(maxTracked));
  }

  /** How many processes are tracked (for tests of the bound). */
  get size(): number {
    return this.#rings.size;
  }

  resize(capacity: number): void {
    const next = Math.max(1, Math.floor(capacity));
    if (next === this.#capacity) return;
    this.#capacity = next;
    for (const [key, ring] of this.#rings) this.#rings.set(key, ring.resized(next));
  }

  clear(): void {
    this.#rings.clear();
  }

  push(snapshot: Snapshot): void {
    const totals = [...memoryByProcess(snapshot.processes, this.#keys)]
      .sort(([, a], [, b]) => (b ?? -1) - (a ?? -1))
      .slice(0, this.#maxTracked);
    const kept = new Map<string, RingBuffer>();
    for (const [key, bytes] of totals) {
      const ring = this.#rings.get(key) ?? new RingBuffer(this.#capacity);
      ring.push(bytes);
      kept.set(key, ring);
    }
    this.#rings = kept;
  }

  memoryOf(key: string): readonly (number | null)[] {
    return this.#rings.get(key)?.last() ?? [];
  }
}
