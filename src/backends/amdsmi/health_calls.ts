/**
 * The AMD SMI calls behind a device's health fields (read_health.ts turns them into fields):
 * ECC mode and counts, bad pages, the PCIe link. Each throws `AmdsmiError` on failure, as
 * every library call does; a symbol the library does not export fails as NOT_YET_IMPLEMENTED,
 * which the field reader counts as unsupported. The structs read here have the same offsets
 * in every generation (types.ts cites the headers), so no layout set is needed.
 */
import { StructBuffer } from "../../ffi/struct_reader.ts";
import type { VendorCalls } from "../../ffi/vendor_call_error.ts";
import { type AmdsmiError, AmdsmiStatus } from "./return_codes.ts";
import type { AmdsmiSymbols } from "./symbols.ts";
import {
  ERROR_COUNT,
  MEM_PAGE_STATUS_PENDING,
  MEM_PAGE_STATUS_RESERVED,
  MEM_PAGE_STATUS_UNRESERVABLE,
  PCIE_INFO,
  RETIRED_PAGE,
} from "./types.ts";

type Handle = Deno.PointerValue;

/** More bad pages than any board has room for: a count past it is garbage. */
export const MAX_BAD_PAGES = 65536;
/**
 * Room beyond the counted pages for the second call: the library writes as many records as
 * the sysfs file holds then, whatever capacity was passed (amd_smi_utils.cc
 * `smi_amdgpu_get_bad_page_info`, amd-staging), so a page retired between the two calls must
 * not run past the buffer.
 */
const BAD_PAGE_SLACK = 64;

/** Bad pages by status (`amdsmi_memory_page_status_t`). */
export interface BadPageCounts {
  reserved: number;
  pending: number;
  unreservable: number;
}

/** The current link and its maximum, raw: widths in lanes, speeds in MT/s, all-ones unknown. */
export interface PcieInfo {
  maxWidth: number;
  maxSpeedMts: number;
  width: number;
  speedMts: number;
  replayCount: bigint;
}

/** The health calls of one loaded library. */
export class AmdsmiHealthCalls {
  readonly #symbols: AmdsmiSymbols;
  readonly #calls: VendorCalls<AmdsmiError>;

  constructor(symbols: AmdsmiSymbols, calls: VendorCalls<AmdsmiError>) {
    this.#symbols = symbols;
    this.#calls = calls;
  }

  /** The mask of GPU blocks whose ECC is enabled (`rsmi_dev_ecc_enabled_get` underneath). */
  eccEnabledBlocks(handle: Handle): bigint {
    const fn = this.#symbols.amdsmi_get_gpu_ecc_enabled;
    return this.#calls.u64("amdsmi_get_gpu_ecc_enabled", (out) => fn ? fn(handle, out) : null);
  }

  /** Correctable and uncorrectable counts over every RAS block, since the driver loaded. */
  totalEccCount(handle: Handle): { corrected: bigint; uncorrected: bigint } {
    const fn = this.#symbols.amdsmi_get_gpu_total_ecc_count;
    const name = "amdsmi_get_gpu_total_ecc_count";
    const ec = this.#calls.struct(name, ERROR_COUNT.size, (bytes) => fn ? fn(handle, bytes) : null);
    const corrected = ec.u64(ERROR_COUNT.correctable);
    return { corrected, uncorrected: ec.u64(ERROR_COUNT.uncorrectable) };
  }

  /** `amdsmi_get_pcie_info`: the maximum from sysfs, the current link from gpu_metrics. */
  pcieInfo(handle: Handle): PcieInfo {
    const fn = this.#symbols.amdsmi_get_pcie_info;
    const name = "amdsmi_get_pcie_info";
    const info = this.#calls.struct(name, PCIE_INFO.size, (bytes) => fn ? fn(handle, bytes) : null);
    return {
      maxWidth: u16(info, PCIE_INFO.maxWidth),
      maxSpeedMts: info.u32(PCIE_INFO.maxSpeed),
      width: u16(info, PCIE_INFO.width),
      speedMts: info.u32(PCIE_INFO.speed),
      replayCount: info.u64(PCIE_INFO.replayCount),
    };
  }

  /**
   * Bad pages by status: the count first (a null list), then the records. The count starts
   * at 0: with an empty sysfs file the library returns SUCCESS without writing it.
   */
  badPages(handle: Handle): BadPageCounts {
    const fn = this.#symbols.amdsmi_get_gpu_bad_page_info;
    const name = "amdsmi_get_gpu_bad_page_info";
    const count = new Uint32Array(1);
    this.#calls.check(name, fn ? fn(handle, count, null) : null);
    const counts = { reserved: 0, pending: 0, unreservable: 0 };
    if (count[0] === 0 || fn === null) return counts;
    if (count[0]! > MAX_BAD_PAGES) {
      throw this.#calls.failed(
        name,
        AmdsmiStatus.UNEXPECTED_DATA,
        `library reported ${count[0]} pages (more than ${MAX_BAD_PAGES}); not trusted`,
      );
    }
    const capacity = count[0]! + BAD_PAGE_SLACK;
    const records = new StructBuffer(capacity * RETIRED_PAGE.size);
    count[0] = capacity;
    this.#calls.check(name, fn(handle, count, records.bytes));
    const written = Math.min(count[0]!, capacity);
    for (let i = 0; i < written; i++) {
      const status = records.u32(i * RETIRED_PAGE.size + RETIRED_PAGE.status);
      if (status === MEM_PAGE_STATUS_RESERVED) counts.reserved++;
      else if (status === MEM_PAGE_STATUS_PENDING) counts.pending++;
      else if (status === MEM_PAGE_STATUS_UNRESERVABLE) counts.unreservable++;
    }
    return counts;
  }
}

/** A `uint16_t` member (little-endian; the padding after it is not read). */
function u16(buffer: StructBuffer, offset: number): number {
  return buffer.u32(offset) & 0xffff;
}
