/**
 * One parse of an fdinfo text, fed line by line: the result being filled, the number reader and
 * the legacy amdgpu lines are this object's own, so parses share no state and any number of
 * them may run interleaved. The choices it makes (first value wins, the `drm-memory-` alias,
 * the legacy amdgpu format) are described in parse_fdinfo.ts. A value comes as a string
 * (`addLine`, `addKeyValue`) or as bytes (`addKeyBytes`, the byte parser): numbers are read
 * from the bytes where they lie, and a string is made only for a key whose value is kept as
 * one (driver, pdev, client id and name, unknown and legacy keys).
 */
import { indexOfCodeBefore, isSafeName, isSpaceCode } from "./fdinfo_chars.ts";
import { FdinfoNumberReader, isUint, unitScales } from "./fdinfo_numbers.ts";
import {
  type CounterRecord,
  type FrequencyRecord,
  type KeyPlan,
  keyPlanOf,
  type OtherKeyPlan,
} from "./fdinfo_key_plan.ts";
import { LegacyAmdgpuFdinfo } from "./legacy_amdgpu_fdinfo.ts";
import { normalizedPdev } from "./normalized_pdev.ts";
import type { UnchangedRegions } from "./unchanged_regions.ts";
import {
  emptyParsedFdinfo,
  type FdinfoRegionMemory,
  fieldOf,
  hasEntry,
  ownRecord,
  type ParsedFdinfo,
  regionOf,
  setField,
} from "./parsed_fdinfo.ts";

const COLON = 58;

const FREQ_UNITS = unitScales([["", 1], ["Hz", 1], ["KHz", 1e3], ["kHz", 1e3], ["MHz", 1e6]]);

/** Hardening: 4096 characters per line (real values are ≤ 64 bytes; longer: counted ignored). */
export const MAX_LINE_CHARS = 4096;

/** What became of one line: used, unusable (counted in `ignoredLines`), or a repeated key. */
type Outcome = 0 | 1 | 2;
const [IGNORED, APPLIED, REPEATED] = [0, 1, 2] as const;

/** Turns value bytes into a string (the byte parser's bounded cache of value strings). */
export interface ValueStrings {
  of(bytes: Uint8Array, from: number, to: number): string;
}

/** Feed it every line with `addLine`, then take the result once with `finish`. */
export class FdinfoBuilder {
  private result: ParsedFdinfo = emptyParsedFdinfo();
  private readonly numbers = new FdinfoNumberReader();
  private readonly legacy = new LegacyAmdgpuFdinfo();
  /** `drm-memory-<region>` values, applied at the end (resident wins). */
  private aliasResident: Map<string, number> | null = null;
  private pdevSeen = false;
  /** The region `putMemory` last wrote (a region object is never replaced once made). */
  private lastRegionName = "";
  private lastRegion: FdinfoRegionMemory | undefined = undefined;
  /** The value of the line being applied: a string, or `valueBytes[valueFrom, valueTo)`. */
  private valueText: string | null = null;
  private valueBytes: Uint8Array = new Uint8Array(0);
  private valueFrom = 0;
  private valueTo = 0;
  private strings: ValueStrings | null = null;

  /** `drafts`: where `putMemory` takes new regions from (the byte parser's; `share` settles). */
  constructor(private readonly drafts: UnchangedRegions | null = null) {}

  /**
   * Starts a new parse with this builder (the byte parser keeps one per line cache: parses
   * that share it run one after another). The last result is the caller's.
   */
  reset(): void {
    this.result = emptyParsedFdinfo();
    this.legacy.clear();
    this.aliasResident = null;
    this.pdevSeen = false;
    this.lastRegionName = "";
    this.lastRegion = undefined;
  }

  /**
   * Applies the line of `text` from `start` to `end` (its newline excluded). Only the key and
   * value are sliced: no split, no trim copies.
   */
  addLine(text: string, start: number, end: number): void {
    let from = start;
    if (end - from > MAX_LINE_CHARS) {
      this.result.ignoredLines++;
      return;
    }
    while (from < end && isSpaceCode(text.charCodeAt(from))) from++;
    while (end > from && isSpaceCode(text.charCodeAt(end - 1))) end--;
    if (from === end) return;
    if (text.charCodeAt(from) > 127 || text.charCodeAt(end - 1) > 127) {
      // Unicode whitespace at either end: let trim() decide, as the kernel never prints it.
      const trimmed = text.slice(from, end).trim();
      if (trimmed === "") return;
      from = text.indexOf(trimmed, from);
      end = from + trimmed.length;
    }
    // Searched within the line only, so a parse is linear in the text's length.
    const colon = indexOfCodeBefore(text, COLON, from, end);
    if (colon <= from) {
      this.result.ignoredLines++;
      return;
    }
    const key = text.slice(from, colon).trimEnd();
    this.addKeyValue(key, text.slice(colon + 1, end).trimStart());
  }

  /**
   * Applies a line already cut, trimmed and split at its first colon (`key` trimmed at its end,
   * `value` at its start), as `addLine` would: the byte parser's way in.
   */
  addKeyValue(key: string, value: string): void {
    this.valueText = value;
    if (this.apply(keyPlanOf(key), key) === IGNORED) this.result.ignoredLines++;
  }

  /**
   * `addKeyValue` of the ASCII value `bytes[from, to)` (trimmed) under `key`, whose plan the
   * caller looked up; `strings` makes the value a string where one is kept.
   */
  addKeyBytes(
    plan: KeyPlan,
    key: string,
    bytes: Uint8Array,
    from: number,
    to: number,
    strings: ValueStrings,
  ): void {
    this.valueText = null;
    this.valueBytes = bytes;
    this.valueFrom = from;
    this.valueTo = to;
    this.strings = strings;
    if (this.apply(plan, key) === IGNORED) this.result.ignoredLines++;
  }

  /** The value of the line being applied, as a string (made once per line at most). */
  private value(): string {
    return this.valueText ??= this.strings!.of(this.valueBytes, this.valueFrom, this.valueTo);
  }

  /** Scans the value of the line being applied as a number (`FdinfoNumberReader.scan`). */
  private scanValue(): boolean {
    const text = this.valueText;
    if (text !== null) return this.numbers.scanText(text);
    return this.numbers.scan(this.valueBytes, this.valueFrom, this.valueTo);
  }

  /** Counts a line that cannot be used (too long, no key). */
  ignoreLine(): void {
    this.result.ignoredLines++;
  }

  /** The parse, or null when the text was not a DRM client. */
  finish(): ParsedFdinfo | null {
    const result = this.result;
    if (this.aliasResident !== null) {
      for (const [name, bytes] of this.aliasResident) {
        regionOf(result, name).residentBytes ??= bytes;
      }
    }
    return this.legacy.complete(result) ? result : null;
  }

  /**
   * Applies one key/value. A key seen before (its slot is already filled) is a repeat and is
   * skipped without a count: first value wins. Checked before the value, as a repeat is not
   * garbage whatever it says. What the key means comes from `keyPlanOf` (worked out once).
   */
  private apply(plan: KeyPlan, key: string): Outcome {
    const result = this.result;
    switch (plan.kind) {
      case "generic":
        return APPLIED;
      case "other":
        return this.applyOtherKey(plan, key, this.value());
      case "ignored":
        return IGNORED;
      case "driver":
        if (result.driver !== null) return REPEATED;
        if (this.value() === "") return IGNORED;
        result.driver = this.value();
        return APPLIED;
      case "pdev":
        return this.putPdev(this.value());
      case "clientId":
        if (result.clientId !== null) return REPEATED;
        if (!isUint(this.value())) return IGNORED;
        result.clientId = this.value();
        return APPLIED;
      case "clientName":
        if (result.clientName !== null) return REPEATED;
        result.clientName = this.value();
        return APPLIED;
      case "counter":
        return this.putCounter(plan.record, plan.name, plan.allowNs);
      case "capacity":
        return this.putCapacity(plan.name);
      case "frequency":
        return this.putFrequency(plan.record, plan.name);
      case "memory":
        return this.putMemory(plan.region, plan.field);
      case "alias":
        return this.putAlias(plan.region);
      case "drmUnknown":
        return this.putUnknown(key);
    }
  }

  private putPdev(value: string): Outcome {
    if (this.pdevSeen) return REPEATED;
    this.pdevSeen = true;
    this.result.pdev = normalizedPdev(value);
    if (this.result.pdev === null) ownRecord(this.result, "unknown")["drm-pdev"] = value;
    return APPLIED;
  }

  /** Any other `drm-` key, kept under `unknown` (first value wins). */
  private putUnknown(key: string): Outcome {
    if (!isSafeName(key)) return IGNORED;
    if (hasEntry(this.result.unknown, key)) return REPEATED;
    ownRecord(this.result, "unknown")[key] = this.value();
    return APPLIED;
  }

  /** A key outside `drm-` and not generic: legacy amdgpu, or kept under `unknown`. */
  private applyOtherKey(plan: OtherKeyPlan, key: string, value: string): Outcome {
    if (this.legacy.hasSeen(key) || hasEntry(this.result.unknown, key)) return REPEATED;
    if (plan.legacyMemory) {
      const scanned = this.numbers.scanText(value);
      return scanned && this.legacy.applyMemory(this.result, this.numbers, key) ? APPLIED : IGNORED;
    }
    if (plan.whitespace) return IGNORED;
    // Legacy ring percentages: only a value ending in % can be one.
    if (value.endsWith("%") && this.legacy.applyRing(this.result, key, value)) return APPLIED;
    if (!plan.safe) return IGNORED;
    this.legacy.noteUnknown(key, value);
    ownRecord(this.result, "unknown")[key] = value;
    return APPLIED;
  }

  /** `drm-engine-capacity-<class>` (`engine` is a safe name). */
  private putCapacity(engine: string): Outcome {
    if (hasEntry(this.result.engineCapacity, engine)) return REPEATED;
    const capacity = this.scanValue() && this.numbers.digitsOnly() ? this.numbers.number() : 0;
    // Zero capacity is not allowed by the spec; a huge one is not a real engine count.
    if (capacity <= 0 || !Number.isSafeInteger(capacity)) return IGNORED;
    ownRecord(this.result, "engineCapacity")[engine] = capacity;
    return APPLIED;
  }

  /** `drm-<category>-<region>` sizes (`region` is a safe name). */
  private putMemory(region: string, field: keyof FdinfoRegionMemory): Outcome {
    // Drivers print a region's categories together: the last region is most often this one.
    const known = region === this.lastRegionName ? this.lastRegion : this.result.memory[region];
    if (known !== undefined && fieldOf(known, field) !== null) return REPEATED;
    const bytes = this.scanValue() ? this.numbers.size() : null;
    if (bytes === null) return IGNORED;
    const memory = known ??
      (this.drafts === null
        ? regionOf(this.result, region)
        : (ownRecord(this.result, "memory")[region] = this.drafts.draft()));
    setField(memory, field, bytes);
    this.lastRegionName = region;
    this.lastRegion = memory;
    return APPLIED;
  }

  /** `drm-memory-<region>`, applied at the end where no resident value came. */
  private putAlias(region: string): Outcome {
    if (this.aliasResident?.has(region)) return REPEATED;
    const bytes = this.scanValue() ? this.numbers.size() : null;
    if (bytes === null) return IGNORED;
    (this.aliasResident ??= new Map()).set(region, bytes);
    regionOf(this.result, region);
    return APPLIED;
  }

  /** A counter (`name` is a safe name): a u64 as a double (fdinfo_numbers.ts says why). */
  private putCounter(record: CounterRecord, name: string, allowNs: boolean): Outcome {
    if (hasEntry(this.result[record], name)) return REPEATED;
    const counter = this.scanValue() ? this.numbers.counter(allowNs) : null;
    if (counter === null) return IGNORED;
    ownRecord(this.result, record)[name] = counter;
    return APPLIED;
  }

  private putFrequency(record: FrequencyRecord, name: string): Outcome {
    if (hasEntry(this.result[record], name)) return REPEATED;
    const hz = this.scanValue() ? this.numbers.scaled(FREQ_UNITS) : null;
    if (hz === null) return IGNORED;
    ownRecord(this.result, record)[name] = hz;
    return APPLIED;
  }
}
