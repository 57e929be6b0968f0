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

const SIZE_UNITS: Record<string, number> = { "": 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
const FREQ_UNITS: Record<string, number> = { "": 1, Hz: 1, KHz: 1e3, kHz: 1e3, MHz: 1e6 };

/** Memory keys: drm-<category>-<region>. `memory` is the deprecated alias of resident. */
const MEMORY_FIELDS = {
  total: "totalBytes",
  shared: "sharedBytes",
  resident: "residentBytes",
  purgeable: "purgeableBytes",
  active: "activeBytes",
} as const satisfies Record<string, keyof FdinfoRegionMemory>;

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
const LEGACY_PERCENT = /^(\d+)\.(\d+)\s*%$/;

const KEY_PATTERN = /^[^\s]+$/;
const UINT = /^\d+$/;

/** Splits "123 KiB" into digits and unit; trailing words after the unit are tolerated. */
function numberAndUnit(value: string): { digits: string; unit: string } | null {
  const match = /^(\d+)(?:\s*([A-Za-z%]+))?(?:\s.*)?$/.exec(value);
  if (!match) return null;
  return { digits: match[1] ?? "", unit: match[2] ?? "" };
}

function parseScaled(value: string, units: Record<string, number>): number | null {
  const parsed = numberAndUnit(value);
  if (parsed === null) return null;
  if (!Object.hasOwn(units, parsed.unit)) return null;
  return Number(parsed.digits) * (units[parsed.unit] ?? 1);
}

/** A counter with an optional required unit (`ns`); bigint. */
function parseCounter(value: string, allowedUnits: readonly string[]): bigint | null {
  const parsed = numberAndUnit(value);
  if (parsed === null || !allowedUnits.includes(parsed.unit)) return null;
  return BigInt(parsed.digits);
}

/**
 * Names taken from the text (engine classes, regions, unknown keys) become object keys; one
 * that names an Object.prototype member (`__proto__`, `constructor`, …) would set a prototype
 * or read an inherited function later, so such a line is treated as garbage.
 */
function isSafeName(name: string): boolean {
  return name !== "" && !(name in Object.prototype);
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

/**
 * Parses one fdinfo text. Returns null when it is not a DRM client: no `drm-driver` line and
 * not the pre-standard amdgpu format.
 */
export function parseFdinfo(text: string): ParsedFdinfo | null {
  const result: ParsedFdinfo = {
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
  const seen = new Set<string>();
  /** `drm-memory-<region>` values, applied after the loop (resident wins). */
  const aliasResident: Record<string, number> = {};
  let legacyPdev: string | null = null;
  let legacyPasid: string | null = null;
  let legacyFormat = false;

  const region = (name: string): FdinfoRegionMemory => (result.memory[name] ??= emptyRegion());

  /** Applies one key/value; false when the line is unusable. */
  const apply = (key: string, value: string): boolean => {
    if (GENERIC_KEYS.has(key)) return true;

    const legacyMemory = LEGACY_MEMORY_KEY.exec(key);
    if (legacyMemory) {
      const bytes = parseScaled(value, { kB: 1024 });
      if (bytes === null) return false;
      legacyFormat = true;
      region(legacyMemory[1] ?? "").residentBytes = bytes;
      return true;
    }
    if (!KEY_PATTERN.test(key)) return false;

    const ring = LEGACY_RING_KEY.exec(key);
    const percent = LEGACY_PERCENT.exec(value);
    if (ring && percent) {
      const ip = ring[1] ?? "";
      const busy = Number(percent[1]) + Number(percent[2]) / 100;
      result.enginePercent[ip] = Math.max(result.enginePercent[ip] ?? 0, busy);
      legacyFormat = true;
      return true;
    }

    if (!key.startsWith("drm-")) {
      if (key === "pdev") legacyPdev = normalizePciBusId(value);
      if (key === "pasid" && UINT.test(value)) legacyPasid = value;
      return put(result.unknown, key, value);
    }
    return applyDrmKey(key.slice(4), value);
  };

  const applyDrmKey = (name: string, value: string): boolean => {
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
        if (!UINT.test(value)) return false;
        result.clientId = value;
        return true;
      case "client-name":
        result.clientName = value;
        return true;
    }
    // "engine-capacity-" is checked before "engine-" and COUNTERS lists "total-cycles-"
    // before "cycles-", so the longer prefix always wins.
    if (name.startsWith("engine-capacity-")) {
      const capacity = UINT.test(value) ? Number(value) : 0;
      if (capacity <= 0) return false; // zero capacity is not allowed by the spec
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
    const category = dash > 0 ? name.slice(0, dash) : "";
    const regionName = name.slice(dash + 1);
    const isMemoryKey = category === "memory" || Object.hasOwn(MEMORY_FIELDS, category);
    if (dash > 0 && isMemoryKey) {
      if (!isSafeName(regionName)) return false;
      const bytes = parseScaled(value, SIZE_UNITS);
      if (bytes === null) return false;
      if (category === "memory") {
        aliasResident[regionName] = bytes;
        region(regionName);
      } else {
        region(regionName)[MEMORY_FIELDS[category as keyof typeof MEMORY_FIELDS]] = bytes;
      }
      return true;
    }
    return put(result.unknown, `drm-${name}`, value);
  };

  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) {
      result.ignoredLines++;
      continue;
    }
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (seen.has(key)) continue; // first value wins (see the module comment)
    if (apply(key, value)) seen.add(key);
    else result.ignoredLines++;
  }

  for (const [name, bytes] of Object.entries(aliasResident)) {
    const target = region(name);
    target.residentBytes ??= bytes;
  }

  if (result.driver === null) {
    if (!legacyFormat || legacyPdev === null) return null;
    result.driver = "amdgpu";
  }
  if (result.pdev === null && legacyPdev !== null) result.pdev = legacyPdev;
  if (result.clientId === null && legacyFormat && legacyPasid !== null) {
    result.clientId = legacyPasid;
  }
  return result;
}
