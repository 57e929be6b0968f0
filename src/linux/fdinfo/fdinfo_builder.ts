/**
 * One parse of an fdinfo text, fed line by line: the result being filled, the number reader and
 * the legacy amdgpu lines are this object's own, so parses share no state and any number of
 * them may run interleaved. The choices it makes (first value wins, the `drm-memory-` alias,
 * the legacy amdgpu format) are described in parse_fdinfo.ts.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import { hasWhitespace, indexOfCodeBefore, isSafeName, isSpaceCode } from "./fdinfo_chars.ts";
import { FdinfoNumberReader, isUint } from "./fdinfo_numbers.ts";
import { LegacyAmdgpuFdinfo } from "./legacy_amdgpu_fdinfo.ts";
import {
  emptyParsedFdinfo,
  type FdinfoRegionMemory,
  type ParsedFdinfo,
  regionOf,
} from "./parsed_fdinfo.ts";

const COLON = 58;

/** Keys every fdinfo file has, DRM or not; recognised and dropped. */
const GENERIC_KEYS = new Set(["pos", "flags", "mnt_id", "ino"]);

const FREQ_UNITS: ReadonlyMap<string, number> = new Map([
  ["", 1],
  ["Hz", 1],
  ["KHz", 1e3],
  ["kHz", 1e3],
  ["MHz", 1e6],
]);

/**
 * Memory keys: drm-<category>-<region>, by key prefix (after `drm-`). `memory-` is the
 * deprecated alias of resident and handled apart.
 */
const MEMORY_PREFIXES: readonly (readonly [string, keyof FdinfoRegionMemory])[] = [
  ["total-", "totalBytes"],
  ["shared-", "sharedBytes"],
  ["resident-", "residentBytes"],
  ["purgeable-", "purgeableBytes"],
  ["active-", "activeBytes"],
];

/**
 * Hardening: 4096 characters per line (the longest real values, client names, are 64 bytes).
 * No kernel prints a line near it; a longer line is hostile or corrupt, so it is counted in
 * `ignoredLines` instead of being parsed.
 */
export const MAX_LINE_CHARS = 4096;

/** What became of one line: used, unusable (counted in `ignoredLines`), or a repeated key. */
type Outcome = 0 | 1 | 2;
const IGNORED = 0;
const APPLIED = 1;
const REPEATED = 2;

/** Whether `name` may fill a slot of `record`: IGNORED (unsafe name), REPEATED, or APPLIED. */
function slotOutcome(record: Record<string, unknown>, name: string): Outcome {
  if (!isSafeName(name)) return IGNORED;
  return Object.hasOwn(record, name) ? REPEATED : APPLIED;
}

/** Feed it every line with `addLine`, then take the result once with `finish`. */
export class FdinfoBuilder {
  private readonly result: ParsedFdinfo = emptyParsedFdinfo();
  private readonly numbers = new FdinfoNumberReader();
  private readonly legacy = new LegacyAmdgpuFdinfo();
  /** `drm-memory-<region>` values, applied at the end (resident wins). */
  private aliasResident: Map<string, number> | null = null;
  private pdevSeen = false;

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
    const value = text.slice(colon + 1, end).trimStart();
    if (this.apply(key, value) === IGNORED) this.result.ignoredLines++;
  }

  /**
   * Applies a line already cut, trimmed and split at its first colon (`key` trimmed at its end,
   * `value` at its start), as `addLine` would: the byte parser's way in.
   */
  addKeyValue(key: string, value: string): void {
    if (this.apply(key, value) === IGNORED) this.result.ignoredLines++;
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
   * garbage whatever it says.
   */
  private apply(key: string, value: string): Outcome {
    if (key.startsWith("drm-")) {
      if (hasWhitespace(key)) return IGNORED;
      return this.applyDrmKey(key.slice(4), value);
    }
    if (GENERIC_KEYS.has(key)) return APPLIED;
    if (this.legacy.hasSeen(key) || Object.hasOwn(this.result.unknown, key)) return REPEATED;
    if (key.endsWith(" mem")) {
      return this.legacy.applyMemory(this.result, this.numbers, key, value) ? APPLIED : IGNORED;
    }
    if (hasWhitespace(key)) return IGNORED;
    // Legacy ring percentages: only a value ending in % can be one.
    if (value.endsWith("%") && this.legacy.applyRing(this.result, key, value)) return APPLIED;
    if (!isSafeName(key)) return IGNORED;
    this.legacy.noteUnknown(key, value);
    this.result.unknown[key] = value;
    return APPLIED;
  }

  private applyDrmKey(name: string, value: string): Outcome {
    const result = this.result;
    switch (name) {
      case "driver":
        if (result.driver !== null) return REPEATED;
        if (value === "") return IGNORED;
        result.driver = value;
        return APPLIED;
      case "pdev":
        if (this.pdevSeen) return REPEATED;
        this.pdevSeen = true;
        result.pdev = normalizePciBusId(value);
        if (result.pdev === null) result.unknown["drm-pdev"] = value;
        return APPLIED;
      case "client-id":
        if (result.clientId !== null) return REPEATED;
        if (!isUint(value)) return IGNORED;
        result.clientId = value;
        return APPLIED;
      case "client-name":
        if (result.clientName !== null) return REPEATED;
        result.clientName = value;
        return APPLIED;
    }
    // Longer prefixes first: "engine-capacity-" before "engine-", "total-cycles-" before
    // "total-" (memory) and "cycles-".
    if (name.startsWith("engine-")) return this.applyEngineKey(name, value);
    if (name.startsWith("total-cycles-")) {
      return this.putCounter(result.engineTotalCycles, name.slice(13), value, false);
    }
    if (name.startsWith("cycles-")) {
      return this.putCounter(result.engineCycles, name.slice(7), value, false);
    }
    if (name.startsWith("maxfreq-")) {
      return this.putFrequency(result.engineMaxFreqHz, name.slice(8), value);
    }
    if (name.startsWith("curfreq-")) {
      return this.putFrequency(result.engineCurFreqHz, name.slice(8), value);
    }
    return this.applyMemoryKey(name, value);
  }

  /** `engine-capacity-<class>` or `engine-<class>` (busy nanoseconds). */
  private applyEngineKey(name: string, value: string): Outcome {
    const result = this.result;
    if (!name.startsWith("engine-capacity-")) {
      return this.putCounter(result.engineBusyNs, name.slice(7), value, true);
    }
    const engine = name.slice(16);
    const outcome = slotOutcome(result.engineCapacity, engine);
    if (outcome !== APPLIED) return outcome;
    const capacity = isUint(value) ? Number(value) : 0;
    // Zero capacity is not allowed by the spec; a huge one is not a real engine count.
    if (capacity <= 0 || !Number.isSafeInteger(capacity)) return IGNORED;
    result.engineCapacity[engine] = capacity;
    return APPLIED;
  }

  /** `<category>-<region>` sizes, the `memory-<region>` alias, or a DRM key kept as unknown. */
  private applyMemoryKey(name: string, value: string): Outcome {
    const result = this.result;
    for (const entry of MEMORY_PREFIXES) {
      const prefix = entry[0];
      if (!name.startsWith(prefix)) continue;
      const regionName = name.slice(prefix.length);
      if (!isSafeName(regionName)) return IGNORED;
      const field = entry[1];
      const known = result.memory[regionName];
      if (known !== undefined && known[field] !== null) return REPEATED;
      const bytes = this.numbers.size(value);
      if (bytes === null) return IGNORED;
      regionOf(result, regionName)[field] = bytes;
      return APPLIED;
    }
    if (name.startsWith("memory-")) {
      const regionName = name.slice(7);
      if (!isSafeName(regionName)) return IGNORED;
      if (this.aliasResident?.has(regionName)) return REPEATED;
      const bytes = this.numbers.size(value);
      if (bytes === null) return IGNORED;
      (this.aliasResident ??= new Map()).set(regionName, bytes);
      regionOf(result, regionName);
      return APPLIED;
    }
    const key = `drm-${name}`;
    const outcome = slotOutcome(result.unknown, key);
    if (outcome === APPLIED) result.unknown[key] = value;
    return outcome;
  }

  private putCounter(
    record: Record<string, bigint>,
    name: string,
    value: string,
    allowNs: boolean,
  ): Outcome {
    const outcome = slotOutcome(record, name);
    if (outcome !== APPLIED) return outcome;
    const counter = this.numbers.counter(value, allowNs);
    if (counter === null) return IGNORED;
    record[name] = counter;
    return APPLIED;
  }

  private putFrequency(record: Record<string, number>, name: string, value: string): Outcome {
    const outcome = slotOutcome(record, name);
    if (outcome !== APPLIED) return outcome;
    const hz = this.numbers.scaled(value, FREQ_UNITS);
    if (hz === null) return IGNORED;
    record[name] = hz;
    return APPLIED;
  }
}
