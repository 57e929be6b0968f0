/**
 * Pure parser for one line of `macmon pipe` output. It never throws: a line that is not
 * JSON, or JSON that is not a macmon sample, comes back as `{ ok: false, reason }`.
 *
 * Conventions (each follows what macmon itself does; vladkens/macmon `src_lib/metrics.rs`,
 * `src/metrics.rs` before 0.8.1):
 * - GPU use is the frequency-scaled ratio × 100, clamped to 0–100, from the newest key the
 *   line has (see `gpuUseRatio`); only a line with no scaled figure at all falls back to the
 *   active residency.
 * - The GPU frequency is `gpu_freq_mhz` (0.8.0+), else the `gpu_usage` tuple's first value
 *   (every generation; macmon fills it from the same field).
 * - macmon writes 0 for a temperature when no sensor gave a plausible value (it keeps only
 *   readings in (0, 150] °C and averages with a divide-by-zero-gives-0), so a value outside
 *   that range is unknown (null).
 * - The GPU frequency is averaged over active residency and is 0 when the GPU was not active
 *   during the sample; that is no frequency reading, so 0 becomes null.
 * - A partial line yields its part: without the GPU usage keys (a build or a wrapper that
 *   drops them) power, temperature and memory are still taken and usage is null. Only a
 *   line with no GPU figure at all is refused (see `schema.ts`).
 */
import { type MacmonLine, MacmonLineSchema } from "./schema.ts";
import { type MacmonSocInfo, parseSocInfo } from "./soc_info.ts";

export interface MacmonSample {
  /** RFC 3339 text from macmon 0.6.0+, else null. */
  timestamp: string | null;
  gpuUtilizationPercent: number | null;
  /** 0.8.0+: active residency × 100 (not frequency-scaled); null before. */
  gpuActivePercent: number | null;
  gpuFreqMHz: number | null;
  gpuPowerWatts: number | null;
  gpuTempCelsius: number | null;
  /**
   * Unified memory: the whole machine's RAM, in bytes, as macmon wrote it (an out-of-range
   * figure is dropped and counted by the final guard, `src/model/sanitize_snapshot.ts`).
   */
  ramTotalBytes: number | null;
  ramUsedBytes: number | null;
  /** From the `soc` object (`pipe --soc-info`, 0.6.1+); null when absent. */
  soc: MacmonSocInfo | null;
}

export type ParseMacmonResult =
  | { ok: true; sample: MacmonSample }
  | { ok: false; reason: string };

const MAX_REASON_TEXT = 60;

/**
 * GPU use, 0–1: the first key present of, newest first,
 * 1. `gpu_scaled_ratio` (0.8.1+),
 * 2. `gpu_usage_ratio` (0.8.0, the same figure under its first name),
 * 3. `gpu_usage[1]` (every generation: macmon's `src_app/main.rs` fills the tuple from the
 *    scaled ratio, and before 0.8 `calc_freq` in `src/metrics.rs` returned the same figure),
 * 4. `gpu_active_ratio` (0.8.0+), only when the line has none of those.
 * The frequency-scaled ratio is macmon's own headline figure (`RatioMode::Scaled`, the default
 * of its view, `src_app/config.rs`) and the one every generation prints, so the reading does
 * not jump when macmon is upgraded. `gpu_active_ratio` is the share of the interval the GPU
 * was in an active frequency state, not scaled by frequency (`calc_freq_from_residencies`,
 * `src_lib/metrics.rs`): a busy figure too, higher at low clocks, so it is taken only in place
 * of no figure at all (a wrapper or build that drops the other keys).
 */
function gpuUseRatio(data: MacmonLine): number | null {
  return data.gpu_scaled_ratio ?? data.gpu_usage_ratio ?? data.gpu_usage?.[1] ??
    data.gpu_active_ratio ?? null;
}

export function parseMacmonLine(text: string): ParseMacmonResult {
  const line = text.trim();
  if (line === "") return { ok: false, reason: "empty line" };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: `not JSON: ${preview(line)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, reason: `not a JSON object: ${preview(line)}` };
  }
  const parsed = MacmonLineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return {
      ok: false,
      reason: `not a macmon sample: ${where}${issue?.message ?? "unexpected shape"}`,
    };
  }
  const data = parsed.data;
  const ratio = gpuUseRatio(data);
  const freq = data.gpu_freq_mhz ?? data.gpu_usage?.[0] ?? null;
  const total = data.memory?.ram_total ?? null;
  const used = data.memory?.ram_usage ?? null;
  return {
    ok: true,
    sample: {
      timestamp: data.timestamp ?? null,
      gpuUtilizationPercent: ratioToPercent(ratio),
      gpuActivePercent: ratioToPercent(data.gpu_active_ratio ?? null),
      gpuFreqMHz: freq !== null && Number.isFinite(freq) && freq > 0 ? freq : null,
      gpuPowerWatts: nonNegativeOrNull(data.gpu_power ?? null),
      gpuTempCelsius: temperatureOrNull(data.temp?.gpu_temp_avg ?? null),
      ramTotalBytes: total,
      ramUsedBytes: used,
      soc: parseSocInfo(data.soc),
    },
  };
}

/**
 * The first line of `text` that parses, or the reason the last non-empty one did not
 * (`no output` when there is none). macmon prints one line per sample.
 */
export function parseMacmonOutput(text: string): ParseMacmonResult {
  let lastFailure: ParseMacmonResult | null = null;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const result = parseMacmonLine(line);
    if (result.ok) return result;
    lastFailure = result;
  }
  return lastFailure ?? { ok: false, reason: "no output" };
}

function ratioToPercent(ratio: number | null): number | null {
  if (ratio === null || !Number.isFinite(ratio)) return null;
  return Math.min(100, Math.max(0, ratio * 100));
}

function nonNegativeOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value >= 0 ? value : null;
}

function temperatureOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value > 0 && value <= 150 ? value : null;
}

function preview(line: string): string {
  const shown = line.length > MAX_REASON_TEXT ? `${line.slice(0, MAX_REASON_TEXT)}…` : line;
  return JSON.stringify(shown);
}
