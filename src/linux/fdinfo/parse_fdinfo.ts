/**
 * Pure parser for the DRM client usage stats a DRM file descriptor shows in
 * `/proc/<pid>/fdinfo/<fd>` (kernel `Documentation/gpu/drm-usage-stats.rst`).
 *
 * Format: one `key: value` per line; whitespace after the colon (tabs, spaces, amdgpu's
 * "space then tab") is ignored; numbers may carry a unit. Memory values are normalised to
 * bytes, engine counters stay bigint (they pass 2^53).
 *
 * Choices this parser makes:
 * - A key seen twice keeps its FIRST value. On kernels where the DRM core prints the common
 *   keys (`drm_show_fdinfo`, about 6.5 on) it prints `drm-driver`, `drm-client-id` and
 *   `drm-pdev` before calling the driver, so a driver that still printed its own
 *   `drm-client-id` (amdgpu's fence context) comes second. Keeping the first value keeps the
 *   core's id, one global counter shared by every driver, which is what dedup keys on.
 * - `drm-memory-<region>` is the deprecated alias of `drm-resident-<region>`; it fills
 *   `residentBytes` only when no `drm-resident-<region>` line is present.
 * - The pre-standard amdgpu output of kernels 5.14–5.18 (`pdev:`, `pasid:`,
 *   `vram mem: N kB`, `gfx0: 70.59%`) is mapped: driver "amdgpu", `pdev` → pdev,
 *   `pasid` → clientId (those kernels print no client id; a pasid names one open file's
 *   GPU VM, so it identifies the client the same way), `<pl> mem` → resident memory of region
 *   vram/gtt/cpu (kB there means 1024 bytes: the kernel printed bytes/1024), and the per-ring
 *   percentages into `enginePercent`.
 * - Keys that are not understood go to `unknown` (first value kept); lines that cannot be a
 *   key/value pair, or a known numeric key whose value does not parse, are counted in
 *   `ignoredLines`. Nothing here throws.
 */
import { normalizePciBusId } from "../../model/pci.ts";

export interface FdinfoRegionMemory {
  totalBytes: number | null;
  sharedBytes: number | null;
  residentBytes: number | null;
  purgeableBytes: number | null;
  activeBytes: number | null;
}

export interface ParsedFdinfo {
  /** `drm-driver`; "amdgpu" for the pre-standard amdgpu format. */
  driver: string | null;
  /** `drm-pdev` (or legacy amdgpu `pdev`), normalised with `normalizePciBusId`. */
  pdev: string | null;
  /** `drm-client-id` (first occurrence; see above), or the legacy amdgpu `pasid`. */
  clientId: string | null;
  /** `drm-client-name` (6.14+, set by userspace). */
  clientName: string | null;
  /** `drm-engine-<class>`: cumulative busy nanoseconds, raw class names. */
  engineBusyNs: Record<string, bigint>;
  /** `drm-engine-capacity-<class>` (absent means 1). */
  engineCapacity: Record<string, number>;
  /** `drm-cycles-<class>`: cumulative busy cycles. */
  engineCycles: Record<string, bigint>;
  /** `drm-total-cycles-<class>`: cumulative GPU timestamp in the unit of drm-cycles. */
  engineTotalCycles: Record<string, bigint>;
  /** `drm-maxfreq-<class>`, in Hz. */
  engineMaxFreqHz: Record<string, number>;
  /** `drm-curfreq-<class>` (panfrost), in Hz. */
  engineCurFreqHz: Record<string, number>;
  /**
   * Busy percent the kernel itself computed (amdgpu on 5.14–5.18: `gfx0: 70.59%`), keyed
   * by IP name with the ring index dropped; several rings of one IP keep the largest.
   */
  enginePercent: Record<string, number>;
  /** Per region, every size normalised to bytes. */
  memory: Record<string, FdinfoRegionMemory>;
  /** Keys this parser does not interpret (`pasid`, `amd-*`, `v3d-jobs-*`, …). */
  unknown: Record<string, string>;
  /** Lines that could not be used (no key, malformed value). Blank lines are not counted. */
  ignoredLines: number;
}

/** Keys every fdinfo file has, DRM or not; recognised and dropped. */
const GENERIC_KEYS = new Set(["pos", "flags", "mnt_id", "ino"]);

const FREQ_UNITS: ReadonlyMap<string, number> = new Map([
  ["", 1],
  ["Hz", 1],
  ["KHz", 1e3],
  ["kHz", 1e3],
  ["MHz", 1e6],
]);
const LEGACY_SIZE_UNITS: ReadonlyMap<string, number> = new Map([["kB", 1024]]);

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

/** Legacy amdgpu (5.14–5.18) lines. */
const LEGACY_MEMORY_KEY = /^(vram|gtt|cpu) mem$/;
const LEGACY_RING_KEY = /^(gfx|compute|dma|dec|enc_1|enc|jpeg)(\d+)$/;
/** `%d.%d%%` with an unpadded fraction: "70.5%" is 70.05, "70.50%" is 70.5. */
const LEGACY_PERCENT = /^(\d{1,9})\.(\d{1,9})\s*%$/;

const WHITESPACE = /\s/;

/**
 * Hardening limits. No kernel prints a line near these; a longer line or number is hostile
 * or corrupt, so it is counted in `ignoredLines` instead of being parsed.
 * - 4096 characters per line (the longest real values, client names, are 64 bytes);
 * - 20 digits per number: 2^64 − 1 has 20, and every counter the kernel prints is a u64.
 */
const MAX_LINE_CHARS = 4096;
const MAX_DIGITS = 20;
const U64_MAX = 18446744073709551615n;

/**
 * Names of Object.prototype members (`__proto__`, `constructor`, …): a name taken from the
 * text that is one of them would set a prototype or read an inherited function later, so such
 * a line is treated as garbage. One Set lookup instead of an `in` walk per key.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function isSafeName(name: string): boolean {
  return name !== "" && !PROTOTYPE_NAMES.has(name);
}

/** True for a char code `\s` matches in ASCII; above 127 the regex decides (rare). */
function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function hasWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) return true;
    if (code > 127) return WHITESPACE.test(text);
  }
  return false;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** A run of 1–20 ASCII digits and nothing else. */
function isUint(text: string): boolean {
  if (text.length === 0 || text.length > MAX_DIGITS) return false;
  for (let i = 0; i < text.length; i++) if (!isDigitCode(text.charCodeAt(i))) return false;
  return true;
}

function isLetterOrPercent(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 37;
}

/** Where `scanNumber` found the digits and the unit; module scratch, so nothing is allocated. */
let digitsEnd = 0;
let unitStart = 0;
let unitEnd = 0;

/**
 * Finds "123 KiB" in `value`: digits, then an optional unit; trailing words after the unit are
 * tolerated (`^(\d+)(?:\s*([A-Za-z%]+))?(?:\s.*)?$`, written out by hand: it runs on every
 * value). Fills `digitsEnd`, `unitStart`, `unitEnd`; false for anything else, and for more
 * than 20 digits.
 */
function scanNumber(value: string): boolean {
  const length = value.length;
  let i = 0;
  while (i < length && isDigitCode(value.charCodeAt(i))) i++;
  if (i === 0 || i > MAX_DIGITS) return false;
  digitsEnd = i;
  let start = i;
  while (start < length && isSpaceCode(value.charCodeAt(start))) start++;
  let end = start;
  while (end < length && isLetterOrPercent(value.charCodeAt(end))) end++;
  if (end === length || (end > start && isSpaceCode(value.charCodeAt(end)))) {
    unitStart = start;
    unitEnd = end;
    return true;
  }
  // Something other than a unit follows: only whitespace then anything is allowed.
  if (end === start && start > i) {
    unitStart = unitEnd = start;
    return true;
  }
  return false;
}

/** Whether the unit `scanNumber` found is `unit` (compared in place, nothing sliced). */
function unitIs(value: string, unit: string): boolean {
  return unitEnd - unitStart === unit.length && value.startsWith(unit, unitStart);
}

/** The digits `scanNumber` found, as a number; exact up to 15 digits, rounded beyond. */
function scannedNumber(value: string): number {
  if (digitsEnd > 15) return Number(value.slice(0, digitsEnd));
  let n = 0;
  for (let i = 0; i < digitsEnd; i++) n = n * 10 + (value.charCodeAt(i) - 48);
  return n;
}

/** Bytes of a size value (no unit, KiB, MiB, GiB); null when malformed or not a safe integer. */
function parseSize(value: string): number | null {
  if (!scanNumber(value)) return null;
  let scale: number;
  if (unitEnd === unitStart) scale = 1;
  else if (unitIs(value, "KiB")) scale = 1024;
  else if (unitIs(value, "MiB")) scale = 1024 ** 2;
  else if (unitIs(value, "GiB")) scale = 1024 ** 3;
  else return null;
  const bytes = scannedNumber(value) * scale;
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/** A scaled value with a unit from `units`; null when malformed or not a safe integer. */
function parseScaled(value: string, units: ReadonlyMap<string, number>): number | null {
  if (!scanNumber(value)) return null;
  const scale = units.get(value.slice(unitStart, unitEnd));
  if (scale === undefined) return null;
  const scaled = scannedNumber(value) * scale;
  return Number.isSafeInteger(scaled) ? scaled : null;
}

/** A u64 counter, bare or with `ns` where `allowNs`; bigint. */
function parseCounter(value: string, allowNs: boolean): bigint | null {
  if (!scanNumber(value)) return null;
  if (unitEnd !== unitStart && !(allowNs && unitIs(value, "ns"))) return null;
  const counter = BigInt(value.slice(0, digitsEnd));
  return counter <= U64_MAX ? counter : null;
}

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

function putCounter(
  record: Record<string, bigint>,
  name: string,
  value: string,
  allowNs: boolean,
): Outcome {
  const outcome = slotOutcome(record, name);
  if (outcome !== APPLIED) return outcome;
  const counter = parseCounter(value, allowNs);
  if (counter === null) return IGNORED;
  record[name] = counter;
  return APPLIED;
}

function putFrequency(record: Record<string, number>, name: string, value: string): Outcome {
  const outcome = slotOutcome(record, name);
  if (outcome !== APPLIED) return outcome;
  const hz = parseScaled(value, FREQ_UNITS);
  if (hz === null) return IGNORED;
  record[name] = hz;
  return APPLIED;
}

function emptyRegion(): FdinfoRegionMemory {
  return {
    totalBytes: null,
    sharedBytes: null,
    residentBytes: null,
    purgeableBytes: null,
    activeBytes: null,
  };
}

/** State of one parse: the result being filled plus what the legacy format needs at the end. */
class FdinfoBuilder {
  readonly result: ParsedFdinfo = {
    driver: null,
    pdev: null,
    clientId: null,
    clientName: null,
    engineBusyNs: {},
    engineCapacity: {},
    engineCycles: {},
    engineTotalCycles: {},
    engineMaxFreqHz: {},
    engineCurFreqHz: {},
    enginePercent: {},
    memory: {},
    unknown: {},
    ignoredLines: 0,
  };
  /** `drm-memory-<region>` values, applied after the loop (resident wins). */
  aliasResident: Map<string, number> | null = null;
  legacyPdev: string | null = null;
  legacyPasid: string | null = null;
  legacyFormat = false;
  /** Legacy keys applied (their slots are shared, so presence cannot tell a repeat). */
  legacySeen: Set<string> | null = null;
  pdevSeen = false;

  region(name: string): FdinfoRegionMemory {
    return (this.result.memory[name] ??= emptyRegion());
  }

  /**
   * Applies one key/value. A key seen before (its slot is already filled) is a repeat and is
   * skipped without a count: first value wins. Checked before the value, as a repeat is not
   * garbage whatever it says.
   */
  apply(key: string, value: string): Outcome {
    if (key.startsWith("drm-")) {
      if (hasWhitespace(key)) return IGNORED;
      return this.applyDrmKey(key.slice(4), value);
    }
    if (GENERIC_KEYS.has(key)) return APPLIED;
    if (this.legacySeen?.has(key) || Object.hasOwn(this.result.unknown, key)) return REPEATED;
    if (key.endsWith(" mem")) return this.applyLegacyMemory(key, value);
    if (hasWhitespace(key)) return IGNORED;
    // Legacy ring percentages: only a value ending in % can be one.
    if (value.endsWith("%") && this.applyLegacyRing(key, value)) return APPLIED;
    if (!isSafeName(key)) return IGNORED;
    if (key === "pdev") this.legacyPdev = normalizePciBusId(value);
    if (key === "pasid" && isUint(value)) this.legacyPasid = value;
    this.result.unknown[key] = value;
    return APPLIED;
  }

  applyLegacyMemory(key: string, value: string): Outcome {
    const legacyMemory = LEGACY_MEMORY_KEY.exec(key);
    if (!legacyMemory) return IGNORED;
    const bytes = parseScaled(value, LEGACY_SIZE_UNITS);
    if (bytes === null) return IGNORED;
    this.legacyFormat = true;
    (this.legacySeen ??= new Set()).add(key);
    this.region(legacyMemory[1] ?? "").residentBytes = bytes;
    return APPLIED;
  }

  applyLegacyRing(key: string, value: string): boolean {
    const ring = LEGACY_RING_KEY.exec(key);
    const percent = ring === null ? null : LEGACY_PERCENT.exec(value);
    if (ring === null || percent === null) return false;
    const ip = ring[1] ?? "";
    const busy = Number(percent[1]) + Number(percent[2]) / 100;
    const engines = this.result.enginePercent;
    engines[ip] = Math.max(engines[ip] ?? 0, busy);
    this.legacyFormat = true;
    (this.legacySeen ??= new Set()).add(key);
    return true;
  }

  applyDrmKey(name: string, value: string): Outcome {
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
    if (name.startsWith("engine-")) {
      if (name.startsWith("engine-capacity-")) {
        const engine = name.slice(16);
        const outcome = slotOutcome(result.engineCapacity, engine);
        if (outcome !== APPLIED) return outcome;
        const capacity = isUint(value) ? Number(value) : 0;
        // Zero capacity is not allowed by the spec; a huge one is not a real engine count.
        if (capacity <= 0 || !Number.isSafeInteger(capacity)) return IGNORED;
        result.engineCapacity[engine] = capacity;
        return APPLIED;
      }
      return putCounter(result.engineBusyNs, name.slice(7), value, true);
    }
    if (name.startsWith("total-cycles-")) {
      return putCounter(result.engineTotalCycles, name.slice(13), value, false);
    }
    if (name.startsWith("cycles-")) {
      return putCounter(result.engineCycles, name.slice(7), value, false);
    }
    if (name.startsWith("maxfreq-")) {
      return putFrequency(result.engineMaxFreqHz, name.slice(8), value);
    }
    if (name.startsWith("curfreq-")) {
      return putFrequency(result.engineCurFreqHz, name.slice(8), value);
    }
    for (const entry of MEMORY_PREFIXES) {
      const prefix = entry[0];
      if (!name.startsWith(prefix)) continue;
      const regionName = name.slice(prefix.length);
      if (!isSafeName(regionName)) return IGNORED;
      const field = entry[1];
      const known = result.memory[regionName];
      if (known !== undefined && known[field] !== null) return REPEATED;
      const bytes = parseSize(value);
      if (bytes === null) return IGNORED;
      this.region(regionName)[field] = bytes;
      return APPLIED;
    }
    if (name.startsWith("memory-")) {
      const regionName = name.slice(7);
      if (!isSafeName(regionName)) return IGNORED;
      if (this.aliasResident?.has(regionName)) return REPEATED;
      const bytes = parseSize(value);
      if (bytes === null) return IGNORED;
      (this.aliasResident ??= new Map()).set(regionName, bytes);
      this.region(regionName);
      return APPLIED;
    }
    const key = `drm-${name}`;
    const outcome = slotOutcome(result.unknown, key);
    if (outcome === APPLIED) result.unknown[key] = value;
    return outcome;
  }

  finish(): ParsedFdinfo | null {
    const result = this.result;
    if (this.aliasResident !== null) {
      for (const [name, bytes] of this.aliasResident) this.region(name).residentBytes ??= bytes;
    }
    if (result.driver === null) {
      if (!this.legacyFormat || this.legacyPdev === null) return null;
      result.driver = "amdgpu";
    }
    if (result.pdev === null && this.legacyPdev !== null) result.pdev = this.legacyPdev;
    if (result.clientId === null && this.legacyFormat && this.legacyPasid !== null) {
      result.clientId = this.legacyPasid;
    }
    return result;
  }
}

/**
 * Parses one fdinfo text. Returns null when it is not a DRM client: no `drm-driver` line and
 * not the pre-standard amdgpu format. Never throws, whatever the text.
 */
export function parseFdinfo(text: string): ParsedFdinfo | null {
  const builder = new FdinfoBuilder();
  const result = builder.result;
  const length = text.length;
  let start = 0;
  // Lines are cut by index (no split, no trim copies): only the key and value are sliced.
  while (start < length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = length;
    let from = start;
    start = end + 1;
    if (end - from > MAX_LINE_CHARS) {
      result.ignoredLines++;
      continue;
    }
    while (from < end && isSpaceCode(text.charCodeAt(from))) from++;
    while (end > from && isSpaceCode(text.charCodeAt(end - 1))) end--;
    if (from === end) continue;
    if (text.charCodeAt(from) > 127 || text.charCodeAt(end - 1) > 127) {
      // Unicode whitespace at either end: let trim() decide, as the kernel never prints it.
      const trimmed = text.slice(from, end).trim();
      if (trimmed === "") continue;
      from = text.indexOf(trimmed, from);
      end = from + trimmed.length;
    }
    const colon = text.indexOf(":", from);
    if (colon <= from || colon >= end) {
      result.ignoredLines++;
      continue;
    }
    const key = text.slice(from, colon).trimEnd();
    const value = text.slice(colon + 1, end).trimStart();
    if (builder.apply(key, value) === IGNORED) result.ignoredLines++;
  }
  return builder.finish();
}
