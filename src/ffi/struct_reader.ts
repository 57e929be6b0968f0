/**
 * A C struct (or an array of them) as bytes the library writes into, read with explicit
 * little-endian offsets. Offsets come from a backend's `types.ts`, which a layout test
 * checks against the vendor header; nothing here knows any vendor.
 */
import { decodeCString } from "./c_string.ts";

/**
 * Owns a zeroed `Uint8Array` of `size` bytes; pass `.bytes` as a `"buffer"` argument,
 * then read fields at their offsets. For arrays, add `index * stride` to the offset.
 *
 * @example
 * ```ts
 * import { StructBuffer } from "./struct_reader.ts";
 * const memory = new StructBuffer(24);
 * memory.setU64(0, 80n * 2n ** 30n);
 * memory.u64(0); // 85899345920n
 * ```
 */
export class StructBuffer {
  /** The memory handed to the library. */
  readonly bytes: Uint8Array;
  readonly #view: DataView;

  /** A zeroed buffer of `size` bytes, or a view over bytes that already exist. */
  constructor(sizeOrBytes: number | Uint8Array) {
    this.bytes = typeof sizeOrBytes === "number" ? new Uint8Array(sizeOrBytes) : sizeOrBytes;
    this.#view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
  }

  /** Size in bytes. */
  get size(): number {
    return this.bytes.length;
  }

  u32(offset: number): number {
    return this.#view.getUint32(offset, true);
  }

  i32(offset: number): number {
    return this.#view.getInt32(offset, true);
  }

  /** A C `double`. */
  f64(offset: number): number {
    return this.#view.getFloat64(offset, true);
  }

  /** Unsigned 64-bit as bigint: counters and byte sizes can pass 2^53. */
  u64(offset: number): bigint {
    return this.#view.getBigUint64(offset, true);
  }

  /** A fixed `char[length]` member, up to its first NUL. */
  string(offset: number, length: number): string {
    return decodeCString(this.bytes, offset, length);
  }

  setU32(offset: number, value: number): void {
    this.#view.setUint32(offset, value, true);
  }

  setU64(offset: number, value: bigint): void {
    this.#view.setBigUint64(offset, value, true);
  }
}

/**
 * A u64 as a number for output. Values past 2^53 lose their lowest bits, which is fine for
 * bytes and joules shown to a person; keep the bigint where exact arithmetic matters.
 */
export function u64ToNumber(value: bigint): number {
  return Number(value);
}
