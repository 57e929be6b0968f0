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

const SIZE_UNITS: ReadonlyMap<string, number> = new Map([
  ["", 1],
  ["KiB", 1024],
  ["MiB", 1024 ** 2],
  ["GiB", 1024 ** 3],
]);
const FREQ_UNITS: ReadonlyMap<string, number> = new Map([
  ["", 1],
  ["Hz", 1],
  ["KHz", 1e3],
  ["kHz", 1e3],
  ["MHz", 1e6],
]);
const LEGACY_SIZE_UNITS: ReadonlyMap<string, number> = new Map([["kB", 1024]]);

/** Memory keys: drm-<category>-<region>. `memory` is the deprecated alias of resident. */
const MEMORY_FIELDS: ReadonlyMap<string, keyof FdinfoRegionMemory> = new Map([
  ["total", "totalBytes"],
  ["shared", "sharedBytes"],
  ["resident", "residentBytes"],
  ["purgeable", "purgeableBytes"],
  ["active", "activeBytes"],
]);

/** Per-engine cumulative counters: key prefix, field, units the value may carry. */
const COUNTERS = [
  ["total-cycles-", "engineTotalCycles", [""]],
  ["cycles-", "engineCycles", [""]],
  ["engine-", "engineBusyNs", ["ns", ""]],
] as const;

/** Per-engine frequencies, normalised to Hz. */
const FREQUENCIES = [
  ["maxfreq-", "engineMaxFreqHz"],
  ["curfreq-", "engineCurFreqHz"],
] as const;

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

/**
 * Splits "123 KiB" into digits and unit; trailing words after the unit are tolerated
 * (`^(\d+)(?:\s*([A-Za-z%]+))?(?:\s.*)?$`, written out by hand: it runs on every value).
 * Null for anything else, and for more than 20 digits.
 */
function numberAndUnit(value: string): { digits: string; unit: string } | null {
  const length = value.length;
  let i = 0;
  while (i < length && isDigitCode(value.charCodeAt(i))) i++;
  if (i === 0 || i > MAX_DIGITS) return null;
  const digits = value.slice(0, i);
  let unitStart = i;
  while (unitStart < length && isSpaceCode(value.charCodeAt(unitStart))) unitStart++;
  let unitEnd = unitStart;
  while (unitEnd < length && isLetterOrPercent(value.charCodeAt(unitEnd))) unitEnd++;
  if (unitEnd === length) return { digits, unit: value.slice(unitStart, unitEnd) };
  // Something follows: it must start with whitespace (after the unit, or after the digits).
  if (unitEnd > unitStart && isSpaceCode(value.charCodeAt(unitEnd))) {
    return { digits, unit: value.slice(unitStart, unitEnd) };
  }
  if (unitEnd === unitStart && unitStart > i) return { digits, unit: "" };
  return null;
}

/** A scaled size or frequency; null when malformed, of an unknown unit, or not a safe integer. */
function parseScaled(value: string, units: ReadonlyMap<string, number>): number | null {
  const parsed = numberAndUnit(value);
  if (parsed === null) return null;
  const scale = units.get(parsed.unit);
  if (scale === undefined) return null;
  const scaled = Number(parsed.digits) * scale;
  return Number.isSafeInteger(scaled) ? scaled : null;
}

/** A u64 counter with an optional required unit (`ns`); bigint. */
function parseCounter(value: string, allowedUnits: readonly string[]): bigint | null {
  const parsed = numberAndUnit(value);
  if (parsed === null || !allowedUnits.includes(parsed.unit)) return null;
  const counter = BigInt(parsed.digits);
  return counter <= U64_MAX ? counter : null;
}

function put<T>(record: Record<string, T>, name: string, value: T): boolean {
  if (!isSafeName(name)) return false;
  record[name] = value;
  return true;
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

  region(name: string): FdinfoRegionMemory {
    return (this.result.memory[name] ??= emptyRegion());
  }

  /** Applies one key/value; false when the line is unusable. */
  apply(key: string, value: string): boolean {
    if (key.startsWith("drm-")) {
      if (hasWhitespace(key)) return false;
      return this.applyDrmKey(key.slice(4), value);
    }
    if (GENERIC_KEYS.has(key)) return true;
    if (key.endsWith(" mem")) return this.applyLegacyMemory(key, value);
    if (hasWhitespace(key)) return false;
    // Legacy ring percentages: only a value ending in % can be one.
    if (value.endsWith("%") && this.applyLegacyRing(key, value)) return true;
    if (key === "pdev") this.legacyPdev = normalizePciBusId(value);
    if (key === "pasid" && isUint(value)) this.legacyPasid = value;
    return put(this.result.unknown, key, value);
  }

  applyLegacyMemory(key: string, value: string): boolean {
    const legacyMemory = LEGACY_MEMORY_KEY.exec(key);
    if (!legacyMemory) return false;
    const bytes = parseScaled(value, LEGACY_SIZE_UNITS);
    if (bytes === null) return false;
    this.legacyFormat = true;
    this.region(legacyMemory[1] ?? "").residentBytes = bytes;
    return true;
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
    return true;
  }

  applyDrmKey(name: string, value: string): boolean {
    const result = this.result;
    switch (name) {
      case "driver":
        if (value === "") return false;
        result.driver = value;
        return true;
      case "pdev":
        result.pdev = normalizePciBusId(value);
        if (result.pdev === null) result.unknown["drm-pdev"] = value;
        return true;
      case "client-id":
        if (!isUint(value)) return false;
        result.clientId = value;
        return true;
      case "client-name":
        result.clientName = value;
        return true;
    }
    // "engine-capacity-" is checked before "engine-" and COUNTERS lists "total-cycles-"
    // before "cycles-", so the longer prefix always wins.
    if (name.startsWith("engine-capacity-")) {
      const capacity = isUint(value) ? Number(value) : 0;
      // Zero capacity is not allowed by the spec; a huge one is not a real engine count.
      if (capacity <= 0 || !Number.isSafeInteger(capacity)) return false;
      return put(result.engineCapacity, name.slice(16), capacity);
    }
    for (const [prefix, target, units] of COUNTERS) {
      if (!name.startsWith(prefix)) continue;
      const counter = parseCounter(value, units);
      if (counter === null) return false;
      return put(result[target], name.slice(prefix.length), counter);
    }
    for (const [prefix, target] of FREQUENCIES) {
      if (!name.startsWith(prefix)) continue;
      const hz = parseScaled(value, FREQ_UNITS);
      if (hz === null) return false;
      return put(result[target], name.slice(prefix.length), hz);
    }
    const dash = name.indexOf("-");
    if (dash > 0) {
      const category = name.slice(0, dash);
      const field = MEMORY_FIELDS.get(category);
      if (field !== undefined || category === "memory") {
        const regionName = name.slice(dash + 1);
        if (!isSafeName(regionName)) return false;
        const bytes = parseScaled(value, SIZE_UNITS);
        if (bytes === null) return false;
        if (field === undefined) {
          (this.aliasResident ??= new Map()).set(regionName, bytes);
          this.region(regionName);
        } else {
          this.region(regionName)[field] = bytes;
        }
        return true;
      }
    }
    return put(result.unknown, `drm-${name}`, value);
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
  const seen = new Set<string>();
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
    if (seen.has(key)) continue; // first value wins (see the module comment)
    const value = text.slice(colon + 1, end).trimStart();
    if (builder.apply(key, value)) seen.add(key);
    else result.ignoredLines++;
  }
  return builder.finish();
}
