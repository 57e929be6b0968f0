/**
 * `parseFdinfo` for bytes: the libc scan (`../libc/libc_proc_reader.ts`) reads fdinfo into a
 * byte buffer and parses it there, without decoding the whole file to a string. Lines are cut
 * at byte 10, trimmed and split at the colon by byte value; only the key and the value become
 * strings, and keys (the same few dozen in every file) come from `FdinfoKeyCache` instead of
 * being decoded each time. The result is the same as `parseFdinfo` of the decoded text (a test
 * checks both on every capture): a line with a byte over 127 is decoded on its own and handed to
 * the text parser's `addLine` (UTF-8 never uses byte 10 inside a character, so cutting lines
 * first does not change what decodes).
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
 * Keys as strings, by their bytes: a key seen before is looked up by an FNV-1a hash of its
 * bytes and checked byte by byte; at most `KEY_CACHE_SIZE` keys are kept (a hostile tree with
 * endless distinct keys then just decodes them).
 */
export class FdinfoKeyCache {
  static readonly KEY_CACHE_SIZE = 1024;
  readonly #byHash = new Map<number, string>();

  key(bytes: Uint8Array, from: number, to: number): string {
    let hash = 0x811c9dc5;
    for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] ?? 0), 0x01000193);
    const cached = this.#byHash.get(hash);
    if (cached !== undefined && sameAscii(cached, bytes, from, to)) return cached;
    const key = asciiString(bytes, from, to);
    if (cached === undefined && this.#byHash.size < FdinfoKeyCache.KEY_CACHE_SIZE) {
      this.#byHash.set(hash, key);
    }
    return key;
  }
}

function sameAscii(text: string, bytes: Uint8Array, from: number, to: number): boolean {
  if (text.length !== to - from) return false;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) !== bytes[from + i]) return false;
  return true;
}

/** One line, `bytes[start, end)` without its newline. */
function addByteLine(
  builder: FdinfoBuilder,
  keys: FdinfoKeyCache,
  bytes: Uint8Array,
  start: number,
  end: number,
): void {
  let colon = -1;
  for (let i = start; i < end; i++) {
    const code = bytes[i] ?? 0;
    if (code > 127) {
      const line = decoder.decode(bytes.subarray(start, end));
      builder.addLine(line, 0, line.length);
      return;
    }
    if (code === COLON && colon < 0) colon = i;
  }
  if (end - start > MAX_LINE_CHARS) return builder.ignoreLine();
  let from = start;
  while (from < end && isSpaceCode(bytes[from] ?? 0)) from++;
  while (end > from && isSpaceCode(bytes[end - 1] ?? 0)) end--;
  if (from === end) return;
  // A colon is not whitespace, so it lies within [from, end) when the line has one.
  if (colon <= from) return builder.ignoreLine();
  let keyEnd = colon;
  while (isSpaceCode(bytes[keyEnd - 1] ?? 0)) keyEnd--;
  let valueStart = colon + 1;
  while (valueStart < end && isSpaceCode(bytes[valueStart] ?? 0)) valueStart++;
  builder.addKeyValue(keys.key(bytes, from, keyEnd), asciiString(bytes, valueStart, end));
}

/**
 * Parses the first `length` bytes of `bytes` as an fdinfo text; the same result as
 * `parseFdinfo(decoded text)`: null when it is not a DRM client. Never throws.
 */
export function parseFdinfoBytes(
  bytes: Uint8Array,
  length: number,
  keys: FdinfoKeyCache,
): ParsedFdinfo | null {
  const builder = new FdinfoBuilder();
  const text = bytes.subarray(0, length);
  let start = 0;
  while (start < length) {
    let end = text.indexOf(NEWLINE, start);
    if (end < 0) end = length;
    addByteLine(builder, keys, text, start, end);
    start = end + 1;
  }
  return builder.finish();
}
