/**
 * Numbers with a unit in fdinfo values (`123 KiB`, `1000 MHz`, `5000 ns`), scanned by hand: it
 * runs on every value. A `FdinfoNumberReader` reads from bytes: the byte parser hands it the
 * value's bytes in its buffer (nothing decoded), the text parser's values are encoded into the
 * reader's own scratch buffer first (`text`: a character above 127 becomes bytes above 127,
 * which, like the character, are neither digit, letter nor ASCII space, so the scan decides
 * alike). It keeps where its last scan found the digits and the unit in its own fields, so
 * reading a value allocates nothing and two parses, each with its own reader, cannot disturb
 * each other.
 *
 * Counters are numbers (doubles), not bigints: the kernel prints u64s, and a double is exact
 * up to 2^53 (ns: 104 days of busy time summed over a class's engines); above that it is the
 * nearest double (rounded once, as `Number("…")` rounds), off by at most 2^-53 of the value:
 * 2 ns at 2^54, 2 µs at 2^64. Every consumer takes the difference of two readings a sample
 * apart (`engine_rates.ts`) and divides it by a wall or cycle interval of ~10^9, so the error
 * stays below 10^-5 percent points; no counter itself reaches any output or the JSON schema.
 * In exchange a parse makes no bigint (and no digit string) per counter.
 */
import { isDigitCode, isLetterOrPercent, isSpaceCode } from "./fdinfo_chars.ts";

/**
 * Hardening: 20 digits per number: 2^64 − 1 has 20, and every counter the kernel prints is a
 * u64. A longer number is hostile or corrupt, so its line is counted in `ignoredLines`.
 */
const MAX_DIGITS = 20;
/** 2^64 − 1 as its first 5 and last 15 of 20 digits (`counter` compares them exactly). */
const U64_MAX_HIGH = 18446;
const U64_MAX_LOW = 744073709551615;
const LOW_DIGITS = 15;
const encoder = new TextEncoder();

/** A unit as bytes, and the factor it scales by. */
export type UnitScale = readonly [unit: Uint8Array, scale: number];

/** Units for `scaled`: `[name, factor]` pairs made into bytes once. */
export function unitScales(units: readonly (readonly [string, number])[]): readonly UnitScale[] {
  return units.map(([unit, scale]) => [encoder.encode(unit), scale] as const);
}

const KIB = encoder.encode("KiB");
const MIB = encoder.encode("MiB");
const GIB = encoder.encode("GiB");
const NS = encoder.encode("ns");

/** A run of 1–20 ASCII digits and nothing else. */
export function isUint(text: string): boolean {
  if (text.length === 0 || text.length > MAX_DIGITS) return false;
  for (let i = 0; i < text.length; i++) if (!isDigitCode(text.charCodeAt(i))) return false;
  return true;
}

export class FdinfoNumberReader {
  #scratch = new Uint8Array(256);
  /** The bytes last scanned and where the value starts and ends in them. */
  #bytes: Uint8Array = this.#scratch;
  #from = 0;
  #end = 0;
  /** The digits of the last scan: how many, and their value as first and last 15 digits. */
  #digits = 0;
  #high = 0;
  #low = 0;
  #unitStart = 0;
  #unitEnd = 0;

  /**
   * Finds "123 KiB" in `bytes[from, to)`: digits, then an optional unit; trailing words after
   * the unit are tolerated (`^(\d+)(?:\s*([A-Za-z%]+))?(?:\s.*)?$`, written out by hand).
   * Remembers where the digits and unit are for `number`, `unitIs`; false for anything else,
   * and for more than 20 digits.
   */
  scan(bytes: Uint8Array, from: number, to: number): boolean {
    let i = from;
    while (i < to && isDigitCode(bytes[i]!)) i++;
    const digits = i - from;
    if (digits === 0 || digits > MAX_DIGITS) return false;
    this.#bytes = bytes;
    this.#from = from;
    this.#end = to;
    this.#readDigits(bytes, from, i);
    let start = i;
    while (start < to && isSpaceCode(bytes[start]!)) start++;
    let end = start;
    while (end < to && isLetterOrPercent(bytes[end]!)) end++;
    if (end === to || (end > start && isSpaceCode(bytes[end]!))) {
      this.#unitStart = start;
      this.#unitEnd = end;
      return true;
    }
    // Something other than a unit follows: only whitespace then anything is allowed.
    if (end === start && start > i) {
      this.#unitStart = this.#unitEnd = start;
      return true;
    }
    return false;
  }

  /** `scan` of a string value (the text parser's way in). */
  scanText(value: string): boolean {
    if (this.#scratch.length < value.length * 3) {
      this.#scratch = new Uint8Array(value.length * 3);
    }
    const written = encoder.encodeInto(value, this.#scratch).written;
    return this.scan(this.#scratch, 0, written);
  }

  /** Keeps the digits `bytes[from, to)` (1–20) as two exact parts. */
  #readDigits(bytes: Uint8Array, from: number, to: number): void {
    const split = Math.max(from, to - LOW_DIGITS);
    let high = 0;
    for (let i = from; i < split; i++) high = high * 10 + (bytes[i]! - 48);
    let low = 0;
    for (let i = split; i < to; i++) low = low * 10 + (bytes[i]! - 48);
    this.#digits = to - from;
    this.#high = high;
    this.#low = low;
  }

  /** Whether the last scan found no unit. */
  hasNoUnit(): boolean {
    return this.#unitEnd === this.#unitStart;
  }

  /** Whether the last scan's value held nothing but its digits (`isUint` of it). */
  digitsOnly(): boolean {
    return this.#from + this.#digits === this.#end;
  }

  /** Whether the unit the last scan found is `unit` (compared in place). */
  unitIs(unit: Uint8Array): boolean {
    const start = this.#unitStart;
    if (this.#unitEnd - start !== unit.length) return false;
    const bytes = this.#bytes;
    for (let i = 0; i < unit.length; i++) if (bytes[start + i] !== unit[i]) return false;
    return true;
  }

  /**
   * The digits the last scan found, as a number: exact up to 2^53, else the nearest double.
   * `high` (≤ 5 digits) × 10^15 is exact (high × 5^15 < 2^53, then a power of two), so the one
   * addition rounds once, as `Number("…")` does.
   */
  number(): number {
    return this.#high * 1e15 + this.#low;
  }

  /** Whether the last scan's digits are above 2^64 − 1 (compared exactly). */
  overU64(): boolean {
    return this.#digits === MAX_DIGITS &&
      (this.#high > U64_MAX_HIGH || (this.#high === U64_MAX_HIGH && this.#low > U64_MAX_LOW));
  }

  /** Bytes of a size value (no unit, KiB, MiB, GiB); null when malformed or not a safe integer. */
  size(): number | null {
    let scale: number;
    if (this.hasNoUnit()) scale = 1;
    else if (this.unitIs(KIB)) scale = 1024;
    else if (this.unitIs(MIB)) scale = 1024 ** 2;
    else if (this.unitIs(GIB)) scale = 1024 ** 3;
    else return null;
    const bytes = this.number() * scale;
    return Number.isSafeInteger(bytes) ? bytes : null;
  }

  /** A scaled value with a unit from `units` ("" for none); null when malformed or unsafe. */
  scaled(units: readonly UnitScale[]): number | null {
    for (const [unit, scale] of units) {
      if (!this.unitIs(unit)) continue;
      const scaled = this.number() * scale;
      return Number.isSafeInteger(scaled) ? scaled : null;
    }
    return null;
  }

  /** A u64 counter, bare or with `ns` where `allowNs` (see the module comment for doubles). */
  counter(allowNs: boolean): number | null {
    if (!this.hasNoUnit() && !(allowNs && this.unitIs(NS))) return null;
    return this.overU64() ? null : this.number();
  }
}
