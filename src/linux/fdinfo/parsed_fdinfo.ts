/**
 * What `parseFdinfo` returns for one DRM client's fdinfo text, and the empty values a parse
 * starts from. Every record of a new parse is one shared, frozen empty object until a key of
 * its kind is applied (`ownRecord`): a file fills four or five of the nine, and the other
 * records cost nothing.
 */

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
  /** `drm-client-id` (first occurrence; see parse_fdinfo.ts), or the legacy amdgpu `pasid`. */
  clientId: string | null;
  /** `drm-client-name` (6.14+, set by userspace). */
  clientName: string | null;
  /**
   * `drm-engine-<class>`: cumulative busy nanoseconds, raw class names. Counters are doubles
   * (exact to 2^53, the nearest double above; why that is enough: fdinfo_numbers.ts).
   */
  engineBusyNs: Record<string, number>;
  /** `drm-engine-capacity-<class>` (absent means 1). */
  engineCapacity: Record<string, number>;
  /** `drm-cycles-<class>`: cumulative busy cycles. */
  engineCycles: Record<string, number>;
  /** `drm-total-cycles-<class>`: cumulative GPU timestamp in the unit of drm-cycles. */
  engineTotalCycles: Record<string, number>;
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

/** The records of a parse: name → value maps filled by keys of one kind. */
export type FdinfoRecordName =
  | "engineBusyNs"
  | "engineCapacity"
  | "engineCycles"
  | "engineTotalCycles"
  | "engineMaxFreqHz"
  | "engineCurFreqHz"
  | "enginePercent"
  | "memory"
  | "unknown";

/** What every record of a new parse is until written: never written itself (frozen). */
const NO_ENTRIES: Record<string, never> = Object.freeze({});

export function emptyParsedFdinfo(): ParsedFdinfo {
  return {
    driver: null,
    pdev: null,
    clientId: null,
    clientName: null,
    engineBusyNs: NO_ENTRIES,
    engineCapacity: NO_ENTRIES,
    engineCycles: NO_ENTRIES,
    engineTotalCycles: NO_ENTRIES,
    engineMaxFreqHz: NO_ENTRIES,
    engineCurFreqHz: NO_ENTRIES,
    enginePercent: NO_ENTRIES,
    memory: NO_ENTRIES,
    unknown: NO_ENTRIES,
    ignoredLines: 0,
  };
}

/**
 * Whether `record` has its own entry `name` (a repeated key). A record still the shared empty
 * one has none: the first key of its kind (most keys of a file) needs no `Object.hasOwn`.
 */
export function hasEntry(record: Readonly<Record<string, unknown>>, name: string): boolean {
  return record !== NO_ENTRIES && Object.hasOwn(record, name);
}

/** `result[name]`, to write into: made the parse's own object the first time. */
export function ownRecord<K extends FdinfoRecordName>(
  result: ParsedFdinfo,
  name: K,
): ParsedFdinfo[K] {
  let record = result[name];
  if (record === NO_ENTRIES) result[name] = record = {} as ParsedFdinfo[K];
  return record;
}

/** The memory of `region` in `result`, created empty the first time it is named. */
export function regionOf(result: ParsedFdinfo, region: string): FdinfoRegionMemory {
  return (ownRecord(result, "memory")[region] ??= {
    totalBytes: null,
    sharedBytes: null,
    residentBytes: null,
    purgeableBytes: null,
    activeBytes: null,
  });
}

/** `region[field]`, read by name (one property load the engine can cache, not a keyed one). */
export function fieldOf(
  region: FdinfoRegionMemory,
  field: keyof FdinfoRegionMemory,
): number | null {
  switch (field) {
    case "totalBytes":
      return region.totalBytes;
    case "sharedBytes":
      return region.sharedBytes;
    case "residentBytes":
      return region.residentBytes;
    case "purgeableBytes":
      return region.purgeableBytes;
    case "activeBytes":
      return region.activeBytes;
  }
}

/** `region[field] = bytes`, written by name (see `fieldOf`). */
export function setField(
  region: FdinfoRegionMemory,
  field: keyof FdinfoRegionMemory,
  bytes: number,
): void {
  switch (field) {
    case "totalBytes":
      region.totalBytes = bytes;
      return;
    case "sharedBytes":
      region.sharedBytes = bytes;
      return;
    case "residentBytes":
      region.residentBytes = bytes;
      return;
    case "purgeableBytes":
      region.purgeableBytes = bytes;
      return;
    case "activeBytes":
      region.activeBytes = bytes;
  }
}
