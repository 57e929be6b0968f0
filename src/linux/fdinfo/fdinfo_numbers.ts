/**
 * Numbers with a unit in fdinfo values (`123 KiB`, `1000 MHz`, `5000 ns`), scanned by hand: it
 * runs on every value. A `FdinfoNumberReader` keeps where its last scan found the digits and
 * the unit in its own fields, so reading a value allocates nothing and two parses, each with
 * its own reader, cannot disturb each other.
 */
import { isDigitCode, isLetterOrPercent, isSpaceCode } from "./fdinfo_chars.ts";

/**
 * Hardening: 20 digits per number: 2^64 − 1 has 20, and every counter the kernel prints is a
 * u64. A longer number is hostile or corrupt, so its line is counted in `ignoredLines`.
 */
const MAX_DIGITS = 20;
const U64_MAX = 18446744073709551615n;

/** A run of 1–20 ASCII digits and nothing else. */
export function isUint(text: string): boolean {
  if (text.length === 0 || text.length > MAX_DIGITS) return false;
  for (let i = 0; i < text.length; i++) if (!isDigitCode(text.charCodeAt(i))) return false;
  return true;
}

export class FdinfoNumberReader {
  /** The value last scanned, where its digits end, and where its unit starts and ends. */
  private value = "";
  private digitsEnd = 0;
  private unitStart = 0;
  private unitEnd = 0;

  /**
   * Finds "123 KiB" in `value`: digits, then an optional unit; trailing words after the unit
   * are tolerated (`^(\d+)(?:\s*([A-Za-z%]+))?(?:\s.*)?$`, written out by hand). Remembers
   * where the digits and unit are for `number`, `unit` and `unitIs`; false for anything else,
   * and for more than 20 digits.
   */
  scan(value: string): boolean {
    const length = value.length;
    let i = 0;
    while (i < length && isDigitCode(value.charCodeAt(i))) i++;
    if (i === 0 || i > MAX_DIGITS) return false;
    this.value = value;
    this.digitsEnd = i;
    let start = i;
    while (start < length && isSpaceCode(value.charCodeAt(start))) start++;
    let end = start;
    while (end < length && isLetterOrPercent(value.charCodeAt(end))) end++;
    if (end === length || (end > start && isSpaceCode(value.charCodeAt(end)))) {
      this.unitStart = start;
      this.unitEnd = end;
      return true;
    }
    // Something other than a unit follows: only whitespace then anything is allowed.
    if (end === start && start > i) {
      this.unitStart = this.unitEnd = start;
      return true;
    }
    return false;
  }

  /** Whether the last scan found no unit. */
  hasNoUnit(): boolean {
    return this.unitEnd === this.unitStart;
  }

  /** The unit the last scan found ("" for none). */
  unit(): string {
    return this.value.slice(this.unitStart, this.unitEnd);
  }

  /** Whether the unit the last scan found is `unit` (compared in place, nothing sliced). */
  unitIs(unit: string): boolean {
    return this.unitEnd - this.unitStart === unit.length &&
      this.value.startsWith(unit, this.unitStart);
  }

  /** The digits the last scan found, as a number; exact up to 15 digits, rounded beyond. */
  number(): number {
    const value = this.value;
    const digitsEnd = this.digitsEnd;
    if (digitsEnd > 15) return Number(value.slice(0, digitsEnd));
    let n = 0;
    for (let i = 0; i < digitsEnd; i++) n = n * 10 + (value.charCodeAt(i) - 48);
    return n;
  }

  /** Bytes of a size value (no unit, KiB, MiB, GiB); null when malformed or not a safe integer. */
  size(value: string): number | null {
    if (!this.scan(value)) return null;
    let scale: number;
    if (this.hasNoUnit()) scale = 1;
    else if (this.unitIs("KiB")) scale = 1024;
    else if (this.unitIs("MiB")) scale = 1024 ** 2;
    else if (this.unitIs("GiB")) scale = 1024 ** 3;
    else return null;
    const bytes = this.number() * scale;
    return Number.isSafeInteger(bytes) ? bytes : null;
  }

  /** A scaled value with a unit from `units`; null when malformed or not a safe integer. */
  scaled(value: string, units: ReadonlyMap<string, number>): number | null {
    if (!this.scan(value)) return null;
    const scale = units.get(this.unit());
    if (scale === undefined) return null;
    const scaled = this.number() * scale;
    return Number.isSafeInteger(scaled) ? scaled : null;
  }

  /** A u64 counter, bare or with `ns` where `allowNs`; bigint. */
  counter(value: string, allowNs: boolean): bigint | null {
    if (!this.scan(value)) return null;
    if (!this.hasNoUnit() && !(allowNs && this.unitIs("ns"))) return null;
    const counter = BigInt(value.slice(0, this.digitsEnd));
    return counter <= U64_MAX ? counter : null;
  }
}
