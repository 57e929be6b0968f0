/**
 * One parse of an fdinfo text, fed line by line: the result being filled, the number reader and
 * the legacy amdgpu lines are this object's own, so parses share no state and any number of
 * them may run interleaved. The choices it makes (first value wins, the `drm-memory-` alias,
 * the legacy amdgpu format) are described in parse_fdinfo.ts.
 */
import { normalizePciBusId } from "../../model/pci.ts";
import { hasWhitespace, indexOfCodeBefore, isSafeName, isSpaceCode } from "./fdinfo_chars.ts";
import { FdinfoNumberReader, isUint } from "./fdinfo_numbers.ts";
import { keyPlanOf } from "./fdinfo_key_plan.ts";
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

/** `normalizePciBusId` of `drm-pdev` values, kept for the few devices a machine has (≤ 256). */
const pdevs = new Map<string, string | null>();

function normalizedPdev(value: string): string | null {
  let pdev = pdevs.get(value);
  if (pdev === undefined) {
    pdev = normalizePciBusId(value);
    if (pdevs.size < 256) pdevs.set(value, pdev);
  }
  return pdev;
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
   * garbage whatever it says. What the key means comes from `keyPlanOf` (worked out once).
   */
  private apply(key: string, value: string): Outcome {
    const plan = keyPlanOf(key);
    const result = this.result;
    switch (plan.kind) {
      case "other":
        return this.applyOtherKey(key, value);
      case "ignored":
        return IGNORED;
      case "driver":
        if (result.driver !== null) return REPEATED;
        if (value === "") return IGNORED;
        result.driver = value;
        return APPLIED;
      case "pdev":
        if (this.pdevSeen) return REPEATED;
        this.pdevSeen = true;
        result.pdev = normalizedPdev(value);
        if (result.pdev === null) result.unknown["drm-pdev"] = value;
        return APPLIED;
      case "clientId":
        if (result.clientId !== null) return REPEATED;
        if (!isUint(value)) return IGNORED;
        result.clientId = value;
        return APPLIED;
      case "clientName":
        if (result.clientName !== null) return REPEATED;
        result.clientName = value;
        return APPLIED;
      case "counter":
        return this.putCounter(result[plan.record], plan.name, value, plan.allowNs);
      case "capacity":
        return this.putCapacity(plan.name, value);
      case "frequency":
        return this.putFrequency(result[plan.record], plan.name, value);
      case "memory":
        return this.putMemory(plan.region, plan.field, value);
      case "alias":
        return this.putAlias(plan.region, value);
      case "drmUnknown": {
        const outcome = slotOutcome(result.unknown, key);
        if (outcome === APPLIED) result.unknown[key] = value;
        return outcome;
      }
    }
  }

  /** A key outside `drm-`: generic, legacy amdgpu, or kept under `unknown`. */
  private applyOtherKey(key: string, value: string): Outcome {
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

  /** `drm-engine-capacity-<class>` (`engine` is a safe name). */
  private putCapacity(engine: string, value: string): Outcome {
    const capacities = this.result.engineCapacity;
    if (Object.hasOwn(capacities, engine)) return REPEATED;
    const capacity = isUint(value) ? Number(value) : 0;
    // Zero capacity is not allowed by the spec; a huge one is not a real engine count.
    if (capacity <= 0 || !Number.isSafeInteger(capacity)) return IGNORED;
    capacities[engine] = capacity;
    return APPLIED;
  }

  /** `drm-<category>-<region>` sizes (`region` is a safe name). */
  private putMemory(region: string, field: keyof FdinfoRegionMemory, value: string): Outcome {
    const known = this.result.memory[region];
    if (known !== undefined && known[field] !== null) return REPEATED;
    const bytes = this.numbers.size(value);
    if (bytes === null) return IGNORED;
    regionOf(this.result, region)[field] = bytes;
    return APPLIED;
  }

  /** `drm-memory-<region>`, applied at the end where no resident value came. */
  private putAlias(region: string, value: string): Outcome {
    if (this.aliasResident?.has(region)) return REPEATED;
    const bytes = this.numbers.size(value);
    if (bytes === null) return IGNORED;
    (this.aliasResident ??= new Map()).set(region, bytes);
    regionOf(this.result, region);
    return APPLIED;
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
