/**
 * Bounded memories keyed by runs of bytes, for the byte parser (`parse_fdinfo_bytes.ts`): what
 * a key's or a value's bytes gave before is found again without decoding them. Both hold a
 * fixed number of entries of at most `maxBytes` bytes each in one preallocated arena, whatever
 * a tree prints, and check a hit byte by byte.
 */

/** Copies `bytes[from, to)` to `target` at `at` (short runs: no subarray object). */
function copyBytes(bytes: Uint8Array, from: number, to: number, target: Uint8Array, at: number) {
  for (let i = from; i < to; i++) target[at++] = bytes[i]!;
}

/**
 * Values by a run of bytes: direct-mapped (an FNV-1a hash of the bytes picks one of `slots`
 * slots), so it holds at most `slots` entries of at most `maxBytes` bytes each, in one
 * preallocated arena, whatever a tree prints; a hit is checked byte by byte. A slot whose entry
 * was hit since it came in is not taken by the next miss, only cleared for it (a second chance):
 * lines printed by every client (`drm-shared-cpu:\t0`) stay while lines seen once (a client id,
 * a counter) pass through.
 */
export class ByteKeyedCache<T> {
  readonly #maxBytes: number;
  readonly #arena: Uint8Array;
  /** Bytes of each slot's entry; -1 when empty. */
  readonly #lengths: Int32Array;
  readonly #hit: Uint8Array;
  readonly #values: (T | undefined)[];
  /** The slot of the last `get`; -1 when its bytes were too long to keep. */
  #slot = -1;

  constructor(slots: number, maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.#arena = new Uint8Array(slots * maxBytes);
    this.#lengths = new Int32Array(slots).fill(-1);
    this.#hit = new Uint8Array(slots);
    this.#values = new Array(slots);
  }

  get(bytes: Uint8Array, from: number, to: number): T | undefined {
    const length = to - from;
    if (length > this.#maxBytes) {
      this.#slot = -1;
      return undefined;
    }
    let hash = 0x811c9dc5;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    const slot = (hash >>> 0) % this.#lengths.length;
    this.#slot = slot;
    if (this.#lengths[slot] !== length) return undefined;
    const arena = this.#arena;
    const base = slot * this.#maxBytes;
    for (let i = 0; i < length; i++) if (arena[base + i] !== bytes[from + i]) return undefined;
    this.#hit[slot] = 1;
    return this.#values[slot];
  }

  /** Keeps `value` for the bytes of the last `get` (a miss), as the class comment says. */
  put(bytes: Uint8Array, from: number, to: number, value: T): void {
    const slot = this.#slot;
    if (slot < 0) return;
    if (this.#hit[slot] === 1) {
      this.#hit[slot] = 0;
      return;
    }
    copyBytes(bytes, from, to, this.#arena, slot * this.#maxBytes);
    this.#lengths[slot] = to - from;
    this.#values[slot] = value;
  }
}

/**
 * One run of bytes and a value per position (a line number of the last file parsed): fdinfo
 * files of one driver print the same keys in the same order, so line i of a file is most often
 * what line i of the file before was, and is checked against it first, with no hash.
 */
export class ByteSlots<T> {
  readonly #maxBytes: number;
  readonly #arena: Uint8Array;
  /** Bytes of each slot's run; -1 when empty. */
  readonly #lengths: Int32Array;
  readonly #values: (T | undefined)[];
  /** The arena read four bytes at a time, and the bytes last compared with it likewise. */
  readonly #arenaView: DataView;
  #bytes: Uint8Array | null = null;
  #bytesView: DataView | null = null;

  constructor(slots: number, maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.#arena = new Uint8Array(slots * maxBytes);
    this.#arenaView = new DataView(this.#arena.buffer);
    this.#lengths = new Int32Array(slots).fill(-1);
    this.#values = new Array(slots);
  }

  get size(): number {
    return this.#lengths.length;
  }

  /** The value of `slot` when its run is `bytes[from, to)`; undefined otherwise. */
  get(slot: number, bytes: Uint8Array, from: number, to: number): T | undefined {
    return this.#lengths[slot] === to - from && this.#runAt(slot, bytes, from)
      ? this.#values[slot]
      : undefined;
  }

  /** The length of `slot`'s run when `bytes[from, limit)` starts with it; -1 otherwise. */
  prefixLength(slot: number, bytes: Uint8Array, from: number, limit: number): number {
    const length = this.#lengths[slot]!;
    return length > 0 && from + length <= limit && this.#runAt(slot, bytes, from) ? length : -1;
  }

  /** The value kept in `slot` (after a `prefixLength` that matched). */
  value(slot: number): T {
    return this.#values[slot]!;
  }

  /** Keeps `bytes[from, to)` and `value` in `slot` (`slot` < size; runs too long are not kept). */
  set(slot: number, bytes: Uint8Array, from: number, to: number, value: T): void {
    if (to - from > this.#maxBytes) {
      this.#lengths[slot] = -1;
      return;
    }
    copyBytes(bytes, from, to, this.#arena, slot * this.#maxBytes);
    this.#lengths[slot] = to - from;
    this.#values[slot] = value;
  }

  /** Whether `bytes` holds `slot`'s run at `from` (the caller checked it fits in `bytes`). */
  #runAt(slot: number, bytes: Uint8Array, from: number): boolean {
    const base = slot * this.#maxBytes;
    const length = this.#lengths[slot]!;
    let i = 0;
    if (length >= 4) {
      // Four bytes per comparison: a key (`drm-resident-vram:`) is 5–30 bytes, on every line.
      const arena = this.#arenaView;
      const view = this.#viewOf(bytes);
      for (; i + 4 <= length; i += 4) {
        if (arena.getInt32(base + i, true) !== view.getInt32(from + i, true)) return false;
      }
    }
    const arena = this.#arena;
    for (; i < length; i++) if (arena[base + i] !== bytes[from + i]) return false;
    return true;
  }

  /** A DataView of `bytes` (the parser passes the same buffer file after file: made once). */
  #viewOf(bytes: Uint8Array): DataView {
    if (bytes !== this.#bytes) {
      this.#bytes = bytes;
      this.#bytesView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    return this.#bytesView!;
  }
}
