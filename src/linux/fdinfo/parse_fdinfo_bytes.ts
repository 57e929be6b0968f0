/**
 * `parseFdinfo` for bytes: the libc scan (`../libc/libc_proc_reader.ts`) reads fdinfo into a
 * byte buffer and parses it there, without decoding the whole file to a string. One pass per
 * line finds its end (byte 10), its first colon and whether it is ASCII; the line is trimmed and
 * split by byte value. The key's bytes find the key string and what it means (`KeyPlan`) in
 * `FdinfoLineCache` (the same few dozen keys fill every file); numbers (sizes, counters,
 * frequencies) are read from the value's bytes where they lie, and only a value kept as a
 * string (driver, pdev, client id, unknown keys) becomes one, from the same cache when its
 * bytes were seen before (`drm-driver:\tamdgpu`). The result is the same as
 * `parseFdinfo` of the decoded text (a test checks both on every capture and on generated
 * bytes): a line with a byte over 127 is decoded on its own and handed to the text parser's
 * `addLine` (UTF-8 never uses byte 10 inside a character, so cutting lines first does not
 * change what decodes).
 */
import { FdinfoBuilder, MAX_LINE_CHARS, type ValueStrings } from "./fdinfo_builder.ts";
import { ByteKeyedCache, ByteSlots } from "./byte_keyed_cache.ts";
import { isSpaceCode } from "./fdinfo_chars.ts";
import { type KeyPlan, keyPlanOf } from "./fdinfo_key_plan.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";
import { UnchangedRegions } from "./unchanged_regions.ts";

const NEWLINE = 10;
const COLON = 58;
/** Like `Deno.readTextFileSync`: invalid UTF-8 becomes U+FFFD, a BOM is kept. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** ASCII bytes as a string (the caller checked every byte is below 128). */
function asciiString(bytes: Uint8Array, from: number, to: number): string {
  if (to - from > 64) return decoder.decode(bytes.subarray(from, to));
  // Eight characters per call: one string per piece, not one per character (`+=` of each).
  let text = "";
  for (let at = from; at < to; at += 8) text += asciiPiece(bytes, at, Math.min(to, at + 8));
  return text;
}

/** Up to eight ASCII bytes as a string, in one `fromCharCode`. */
function asciiPiece(b: Uint8Array, at: number, to: number): string {
  const c = String.fromCharCode;
  switch (to - at) {
    case 1:
      return c(b[at]!);
    case 2:
      return c(b[at]!, b[at + 1]!);
    case 3:
      return c(b[at]!, b[at + 1]!, b[at + 2]!);
    case 4:
      return c(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
    case 5:
      return c(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!);
    case 6:
      return c(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!);
    case 7:
      return c(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!, b[at + 6]!);
    default:
      return c(
        b[at]!,
        b[at + 1]!,
        b[at + 2]!,
        b[at + 3]!,
        b[at + 4]!,
        b[at + 5]!,
        b[at + 6]!,
        b[at + 7]!,
      );
  }
}

/** A key string and what it means, found by the key's bytes. */
interface KeyEntry {
  key: string;
  plan: KeyPlan;
}

/** Lines per file whose heads and values are kept by line number (a file has ~10–40). */
const LINE_SLOTS = 64;

/**
 * The key strings and plans, and the value strings, of bytes seen before: by line number
 * first (`ByteSlots`: line i of the file before), then by the bytes alone (`ByteKeyedCache`);
 * all bounded. Also the builder its parses reuse. One per reader: parses that share it run one
 * after another.
 */
export class FdinfoLineCache implements ValueStrings {
  readonly #keys = new ByteKeyedCache<KeyEntry>(512, 64);
  readonly #values = new ByteKeyedCache<string>(1024, 64);
  /**
   * Line i of the last file's key entry, by the line's head: its bytes up to and including its
   * first colon (leading whitespace and whitespace before the colon included, so a line with
   * the same head has the same key).
   */
  readonly heads = new ByteSlots<KeyEntry>(LINE_SLOTS, 64);
  readonly #lineValues = new ByteSlots<string>(LINE_SLOTS, 64);
  /** Regions a parse shares with the one before (what a full scan keeps per fd: less). */
  readonly regions = new UnchangedRegions();
  /** Fills new regions into the drafts of `regions`. */
  readonly builder = new FdinfoBuilder(this.regions);
  /** The number of the line being applied (its slot), or -1 past the slots. */
  line = -1;

  /**
   * Per line number, 1 when that line's value differed from the file before's last time too
   * (a client id, a pasid: new in every file): its value is then not looked up or kept by its
   * bytes, which would only hash and copy a value no other line repeats.
   */
  readonly #volatile = new Uint8Array(LINE_SLOTS);

  /** The string of the ASCII value `bytes[from, to)`. */
  of(bytes: Uint8Array, from: number, to: number): string {
    const line = this.line;
    if (line >= 0) {
      const known = this.#lineValues.get(line, bytes, from, to);
      if (known !== undefined) {
        this.#volatile[line] = 0;
        return known;
      }
      if (this.#volatile[line] === 1) {
        const value = asciiString(bytes, from, to);
        this.#lineValues.set(line, bytes, from, to, value);
        return value;
      }
      this.#volatile[line] = 1;
    }
    let value = this.#values.get(bytes, from, to);
    if (value === undefined) {
      value = asciiString(bytes, from, to);
      this.#values.put(bytes, from, to, value);
    }
    if (line >= 0) this.#lineValues.set(line, bytes, from, to, value);
    return value;
  }

  /**
   * Applies the ASCII line `bytes[start, end)` whose content (trimmed, non-empty) starts at
   * `from` and whose first colon is `colon`: the key trimmed at its end, the value at its start.
   */
  apply(bytes: Uint8Array, start: number, from: number, colon: number, end: number): void {
    let keyEnd = colon;
    while (isSpaceCode(bytes[keyEnd - 1] ?? 0)) keyEnd--;
    let entry = this.#keys.get(bytes, from, keyEnd);
    if (entry === undefined) {
      const key = asciiString(bytes, from, keyEnd);
      entry = { key, plan: keyPlanOf(key) };
      this.#keys.put(bytes, from, keyEnd, entry);
    }
    if (this.line >= 0) this.heads.set(this.line, bytes, start, colon + 1, entry);
    this.applyValue(entry, bytes, colon, end);
  }

  /** Applies the value after `colon` up to `end` (the trimmed line's end) under `entry`. */
  applyValue(entry: KeyEntry, bytes: Uint8Array, colon: number, end: number): void {
    let valueStart = colon + 1;
    while (valueStart < end && isSpaceCode(bytes[valueStart]!)) valueStart++;
    this.builder.addKeyBytes(entry.plan, entry.key, bytes, valueStart, end, this);
  }
}

/** One line, `bytes[start, end)` without its newline; `colon`: its first colon or -1. */
function addByteLine(
  lines: FdinfoLineCache,
  bytes: Uint8Array,
  start: number,
  end: number,
  colon: number,
): void {
  const builder = lines.builder;
  if (end - start > MAX_LINE_CHARS) return builder.ignoreLine();
  let from = start;
  while (from < end && isSpaceCode(bytes[from]!)) from++;
  while (end > from && isSpaceCode(bytes[end - 1]!)) end--;
  if (from === end) return;
  // A colon is not whitespace, so it lies within [from, end) when the line has one.
  if (colon <= from) return builder.ignoreLine();
  lines.apply(bytes, start, from, colon, end);
}

/**
 * A line whose head is line `line`'s of the file before (so its first colon ends the head, and
 * its key is that line's): only the rest is searched, for the line's end and non-ASCII bytes.
 * Returns where the line ends; -1 when the head does not match.
 */
function addKnownLine(lines: FdinfoLineCache, bytes: Uint8Array, start: number, length: number) {
  const heads = lines.heads;
  const headLength = heads.prefixLength(lines.line, bytes, start, length);
  if (headLength < 0) return -1;
  const colon = start + headLength - 1;
  let ascii = true;
  let end = colon + 1;
  for (; end < length; end++) {
    const code = bytes[end]!;
    if (code === NEWLINE) break;
    if (code > 127) ascii = false;
  }
  if (!ascii || end - start > MAX_LINE_CHARS) {
    addOtherLine(lines, bytes, start, end, colon, ascii);
    return end;
  }
  const entry = heads.value(lines.line);
  if (entry.plan.kind === "generic") return end; // `pos`, `flags`, …: nothing to apply
  let trimmed = end;
  while (isSpaceCode(bytes[trimmed - 1]!)) trimmed--; // stops at the colon at the latest
  lines.applyValue(entry, bytes, colon, trimmed);
  return end;
}

/** A line as the general path takes it: ASCII by `addByteLine`, else decoded. */
function addOtherLine(
  lines: FdinfoLineCache,
  bytes: Uint8Array,
  start: number,
  end: number,
  colon: number,
  ascii: boolean,
): void {
  if (ascii) return addByteLine(lines, bytes, start, end, colon);
  const line = decoder.decode(bytes.subarray(start, end));
  lines.builder.addLine(line, 0, line.length);
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
  const builder = lines.builder;
  builder.reset();
  let start = 0;
  for (let line = 0; start < length; line++) {
    lines.line = line < LINE_SLOTS ? line : -1;
    const known = lines.line >= 0 ? addKnownLine(lines, bytes, start, length) : -1;
    if (known >= 0) {
      start = known + 1;
      continue;
    }
    let colon = -1;
    let ascii = true;
    let end = start;
    for (; end < length; end++) {
      const code = bytes[end]!;
      if (code === NEWLINE) break;
      if (code === COLON) {
        if (colon < 0) colon = end;
      } else if (code > 127) ascii = false;
    }
    addOtherLine(lines, bytes, start, end, colon, ascii);
    start = end + 1;
  }
  const parsed = builder.finish();
  if (parsed !== null) lines.regions.share(parsed.memory);
  else lines.regions.discardDrafts();
  return parsed;
}
