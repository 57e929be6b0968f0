/**
 * The pre-standard amdgpu fdinfo of kernels 5.14–5.18 (`pdev:`, `pasid:`, `vram mem: N kB`,
 * `gfx0: 70.59%`), gathered during one parse and mapped onto the standard result at its end
 * (the mapping and why are in parse_fdinfo.ts).
 */
import { normalizePciBusId } from "../../model/pci.ts";
import type { FdinfoNumberReader } from "./fdinfo_numbers.ts";
import { isUint, unitScales } from "./fdinfo_numbers.ts";
import { ownRecord, type ParsedFdinfo, regionOf } from "./parsed_fdinfo.ts";

const MEMORY_KEY = /^(vram|gtt|cpu) mem$/;
const RING_KEY = /^(gfx|compute|dma|dec|enc_1|enc|jpeg)(\d+)$/;
/** `%d.%d%%` with an unpadded fraction: "70.5%" is 70.05, "70.50%" is 70.5. */
const PERCENT = /^(\d{1,9})\.(\d{1,9})\s*%$/;
/** kB there means 1024 bytes: the kernel printed bytes/1024. */
const SIZE_UNITS = unitScales([["kB", 1024]]);

export class LegacyAmdgpuFdinfo {
  private pdev: string | null = null;
  private pasid: string | null = null;
  /** A legacy memory or ring line was applied: the text is in the legacy format. */
  private format = false;
  /** Legacy keys applied (their slots are shared, so presence cannot tell a repeat). */
  private seen: Set<string> | null = null;

  /** Forgets what was noted (a builder's next parse starts from it; no object per parse). */
  clear(): void {
    this.pdev = null;
    this.pasid = null;
    this.format = false;
    this.seen?.clear();
  }

  /** Whether `key` is a legacy key applied before (a repeat). */
  hasSeen(key: string): boolean {
    return this.seen !== null && this.seen.size > 0 && this.seen.has(key);
  }

  /**
   * `<pl> mem: N kB` as resident bytes of region pl, its value scanned by `numbers`; false when
   * it is not such a line.
   */
  applyMemory(result: ParsedFdinfo, numbers: FdinfoNumberReader, key: string): boolean {
    const memory = MEMORY_KEY.exec(key);
    if (!memory) return false;
    const bytes = numbers.scaled(SIZE_UNITS);
    if (bytes === null) return false;
    this.format = true;
    (this.seen ??= new Set()).add(key);
    regionOf(result, memory[1] ?? "").residentBytes = bytes;
    return true;
  }

  /** `gfx0: 70.59%` as the busy percent of IP gfx; false when it is not such a line. */
  applyRing(result: ParsedFdinfo, key: string, value: string): boolean {
    const ring = RING_KEY.exec(key);
    const percent = ring === null ? null : PERCENT.exec(value);
    if (ring === null || percent === null) return false;
    const ip = ring[1] ?? "";
    const busy = Number(percent[1]) + Number(percent[2]) / 100;
    const engines = ownRecord(result, "enginePercent");
    engines[ip] = Math.max(engines[ip] ?? 0, busy);
    this.format = true;
    (this.seen ??= new Set()).add(key);
    return true;
  }

  /** Notes `pdev` and `pasid`, which the result keeps under `unknown` as well. */
  noteUnknown(key: string, value: string): void {
    if (key === "pdev") this.pdev = normalizePciBusId(value);
    if (key === "pasid" && isUint(value)) this.pasid = value;
  }

  /**
   * Fills what the standard keys left empty: driver "amdgpu", pdev from `pdev`, client id
   * from `pasid`. False when the text is no DRM client at all (no `drm-driver`, and not the
   * legacy format with a pdev).
   */
  complete(result: ParsedFdinfo): boolean {
    if (result.driver === null) {
      if (!this.format || this.pdev === null) return false;
      result.driver = "amdgpu";
    }
    if (result.pdev === null && this.pdev !== null) result.pdev = this.pdev;
    if (result.clientId === null && this.format && this.pasid !== null) {
      result.clientId = this.pasid;
    }
    return true;
  }
}
