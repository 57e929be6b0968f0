/**
 * `parseFdinfo` for bytes: the libc scan (`../libc/libc_proc_reader.ts`) reads fdinfo into a
 * byte buffer and parses it there, without decoding the whole file to a string. One pass per
 * line finds its end (byte 10), its first colon and whether it is ASCII; the line is trimmed and
 * split by byte value, and only the key and the value become strings, taken from
 * `FdinfoLineCache` when the same line was seen before (most lines repeat from file to file and
 * sample to sample: `drm-shared-cpu:\t0`, `drm-driver:\tamdgpu`). The result is the same as
 * `parseFdinfo` of the decoded text (a test checks both on every capture and on generated
 * bytes): a line with a byte over 127 is decoded on its own and handed to the text parser's
 * `addLine` (UTF-8 never uses byte 10 inside a character, so cutting lines first does not
 * change what decodes).
 */
import { FdinfoBuilder, MAX_LINE_CHARS } from "./fdinfo_builder.ts";
import { isSpaceCode } from "./fdinfo_chars.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

const NEWLINE = 10;
const COLON = 58;
/** Like `Deno.readTextFileSync`: invalid UTF-8 becomes U+FFFD, a BOM is kept. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** ASCII bytes as a string (the caller checked every byte is below 128). */
function asciiString(bytes: Uint8Array, from: number, to: number): string {
  if (to - from > 64) return decoder.decode(bytes.subarray(from, to));
  let text = "";
  for (let i = from; i < to; i++) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

/**
 * Values by a run of bytes: direct-mapped (an FNV-1a hash of the bytes picks one of `slots`
 * slots), so it holds at most `slots` entries of at most `maxBytes` bytes each, in one
 * preallocated arena, whatever a tree prints; a hit is checked byte by byte. A slot whose entry
 * was hit since it came in is not taken by the next miss, only cleared for it (a second chance):
 * lines printed by every client (`drm-shared-cpu:\t0`) stay while lines seen once (a client id,
 * a counter) pass through.
 */
class ByteKeyedCache<T> {
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
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] ?? 0), 0x01000193);
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
    this.#arena.set(bytes.subarray(from, to), slot * this.#maxBytes);
    this.#lengths[slot] = to - from;
    this.#values[slot] = value;
  }
}

/**
 * The key and value strings of lines seen before, by the line's bytes, and key strings by the
 * key's bytes (a line seen for the first time usually has a known key: `drm-client-id`); both
 * bounded (`ByteKeyedCache`). One per reader: parses that share it run one after another.
 */
export class FdinfoLineCache {
  readonly #lines = new ByteKeyedCache<readonly [string, string]>(2048, 96);
  readonly #keys = new ByteKeyedCache<string>(512, 64);

  /**
   * Applies the ASCII line `bytes[from, to)` (trimmed, non-empty) split at `colon` to
   * `builder`: the key trimmed at its end, the value at its start.
   */
  apply(builder: FdinfoBuilder, bytes: Uint8Array, from: number, colon: number, to: number): void {
    const line = this.#lines.get(bytes, from, to);
    if (line !== undefined) return builder.addKeyValue(line[0], line[1]);
    let keyEnd = colon;
    while (isSpaceCode(bytes[keyEnd - 1] ?? 0)) keyEnd--;
    let valueStart = colon + 1;
    while (valueStart < to && isSpaceCode(bytes[valueStart] ?? 0)) valueStart++;
    let key = this.#keys.get(bytes, from, keyEnd);
    if (key === undefined) {
      key = asciiString(bytes, from, keyEnd);
      this.#keys.put(bytes, from, keyEnd, key);
    }
    const value = asciiString(bytes, valueStart, to);
    this.#lines.put(bytes, from, to, [key, value]);
    builder.addKeyValue(key, value);
  }
}

/** One line, `bytes[start, end)` without its newline; `colon`: its first colon or -1. */
function addByteLine(
  builder: FdinfoBuilder,
  lines: FdinfoLineCache,
  bytes: Uint8Array,
  start: number,
  end: number,
  colon: number,
): void {
  if (end - start > MAX_LINE_CHARS) return builder.ignoreLine();
  let from = start;
  while (from < end && isSpaceCode(bytes[from] ?? 0)) from++;
  while (end > from && isSpaceCode(bytes[end - 1] ?? 0)) end--;
  if (from === end) return;
  // A colon is not whitespace, so it lies within [from, end) when the line has one.
  if (colon <= from) return builder.ignoreLine();
  lines.apply(builder, bytes, from, colon, end);
}

/**
 * Parses the first `length` bytes of `bytes` as an fdinfo text; the same result as
 * `parseFdinfo(decoded text)`: null when it is not a DRM client. Never throws.
 */
export function parseFdinfoBytes(
  bytes: Uint8Array,
  length: number,
  lines: FdinfoLineCache,
): ParsedFdinfo | null {
  const builder = new FdinfoBuilder();
  let start = 0;
  while (start < length) {
    let colon = -1;
    let ascii = true;
    let end = start;
    for (; end < length; end++) {
      const code = bytes[end] ?? 0;
      if (code === NEWLINE) break;
      if (code === COLON) {
        if (colon < 0) colon = end;
      } else if (code > 127) ascii = false;
    }
    if (ascii) addByteLine(builder, lines, bytes, start, end, colon);
    else {
      const line = decoder.decode(bytes.subarray(start, end));
      builder.addLine(line, 0, line.length);
    }
    start = end + 1;
  }
  return builder.finish();
}
