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
 * The key and value strings of lines seen before, by the line's bytes: direct-mapped (an FNV-1a
 * hash of the trimmed line picks one of SLOTS slots, a new line replaces the old), so it holds
 * at most SLOTS short lines whatever a tree prints, and lines that change every sample (engine
 * counters) only take over their own slots. Each slot's bytes live in one preallocated arena
 * (nothing allocated per line but its two strings on a miss); a hit is checked byte by byte.
 */
export class FdinfoLineCache {
  static readonly SLOTS = 2048;
  /** Lines longer than this are split each time (none of the kernel's are). */
  static readonly MAX_CACHED_BYTES = 96;
  readonly #arena = new Uint8Array(FdinfoLineCache.SLOTS * FdinfoLineCache.MAX_CACHED_BYTES);
  /** Bytes of the line in each slot; -1 when empty. */
  readonly #lengths = new Int32Array(FdinfoLineCache.SLOTS).fill(-1);
  readonly #keys: string[] = new Array(FdinfoLineCache.SLOTS).fill("");
  readonly #values: string[] = new Array(FdinfoLineCache.SLOTS).fill("");

  /**
   * Applies the ASCII line `bytes[from, to)` (trimmed, non-empty) split at `colon` to
   * `builder`: the key trimmed at its end, the value at its start.
   */
  apply(builder: FdinfoBuilder, bytes: Uint8Array, from: number, colon: number, to: number): void {
    const length = to - from;
    if (length > FdinfoLineCache.MAX_CACHED_BYTES) {
      return builder.addKeyValue(...splitLine(bytes, from, colon, to));
    }
    let hash = 0x811c9dc5;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] ?? 0), 0x01000193);
    const slot = (hash >>> 0) % FdinfoLineCache.SLOTS;
    const arena = this.#arena;
    const base = slot * FdinfoLineCache.MAX_CACHED_BYTES;
    if (this.#lengths[slot] === length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (arena[base + i] !== bytes[from + i]) {
          same = false;
          break;
        }
      }
      if (same) return builder.addKeyValue(this.#keys[slot] ?? "", this.#values[slot] ?? "");
    }
    const [key, value] = splitLine(bytes, from, colon, to);
    arena.set(bytes.subarray(from, to), base);
    this.#lengths[slot] = length;
    this.#keys[slot] = key;
    this.#values[slot] = value;
    builder.addKeyValue(key, value);
  }
}

function splitLine(bytes: Uint8Array, from: number, colon: number, to: number): [string, string] {
  let keyEnd = colon;
  while (isSpaceCode(bytes[keyEnd - 1] ?? 0)) keyEnd--;
  let valueStart = colon + 1;
  while (valueStart < to && isSpaceCode(bytes[valueStart] ?? 0)) valueStart++;
  return [asciiString(bytes, from, keyEnd), asciiString(bytes, valueStart, to)];
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
