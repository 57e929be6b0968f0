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
 *
 * The work is split by job: `fdinfo_builder.ts` applies each line, `fdinfo_numbers.ts` reads
 * numbers with units, `legacy_amdgpu_fdinfo.ts` maps the pre-standard amdgpu lines. Every
 * parse has its own builder and no mutable state lives at module level, so parses are
 * re-entrant.
 */
import { FdinfoBuilder } from "./fdinfo_builder.ts";
import type { ParsedFdinfo } from "./parsed_fdinfo.ts";

/**
 * Parses one fdinfo text. Returns null when it is not a DRM client: no `drm-driver` line and
 * not the pre-standard amdgpu format. Never throws, whatever the text.
 */
export function parseFdinfo(text: string): ParsedFdinfo | null {
  const builder = new FdinfoBuilder();
  const length = text.length;
  let start = 0;
  // Lines are cut by index: the builder slices only the key and the value.
  while (start < length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = length;
    builder.addLine(text, start, end);
    start = end + 1;
  }
  return builder.finish();
}
