/**
 * zod shape of one line of `macmon pipe` output (vladkens/macmon). Every schema generation
 * seen in real output is accepted; keys this backend does not use are stripped.
 *
 * | generation | GPU keys | notes |
 * |---|---|---|
 * | before 0.6 | `gpu_usage: [freq MHz, ratio 0–1]` | no `timestamp`, keys in struct order |
 * | 0.6 – 0.7 | same tuple | `timestamp` (RFC 3339); 0.6.1+ adds `soc` with `--soc-info` |
 * | 0.8.0 | `gpu_freq_mhz`, `gpu_usage_ratio`, `gpu_active_ratio` + the tuple | |
 * | 0.8.1+ | `gpu_freq_mhz`, `gpu_scaled_ratio`, `gpu_active_ratio` + the tuple (alias) | |
 *
 * Units (macmon readme and `src/metrics.rs`): temperatures °C, memory bytes, power W,
 * frequencies MHz, ratios 0–1 (the readme's "Usage %" comment on the tuple is wrong: it is
 * a fraction). serde_json writes a NaN or infinite float as `null`, so every number may be
 * null. Any number is accepted here, whatever its range: a memory figure of -1 or 1e308
 * becomes null for that field alone (and is counted) at the final guard,
 * `src/model/sanitize_snapshot.ts`, instead of refusing the whole line and losing the GPU.
 */
import { z } from "../../deps/zod.ts";

const num = z.number().nullable();

/** `[frequency MHz, ratio 0–1]`, the only usage form before 0.8 and an alias after. */
export const UsageTupleSchema = z.tuple([num, num]);

export const MacmonTempSchema = z.object({
  cpu_temp_avg: num.optional(),
  gpu_temp_avg: num.optional(),
});

export const MacmonMemorySchema = z.object({
  ram_total: num.optional(),
  ram_usage: num.optional(),
  swap_total: num.optional(),
  swap_usage: num.optional(),
});

export const MacmonLineSchema = z
  .object({
    /** 0.6.0+ only. */
    timestamp: z.string().optional(),
    temp: MacmonTempSchema.optional(),
    memory: MacmonMemorySchema.optional(),
    /** Every generation up to 0.8.0; kept as a deprecated alias in 0.8.1+. */
    gpu_usage: UsageTupleSchema.optional(),
    /** 0.8.0+. */
    gpu_freq_mhz: num.optional(),
    /** 0.8.0 only (renamed `gpu_scaled_ratio` in 0.8.1). */
    gpu_usage_ratio: num.optional(),
    /** 0.8.1+. */
    gpu_scaled_ratio: num.optional(),
    /** 0.8.0+: active residency, not frequency-scaled. */
    gpu_active_ratio: num.optional(),
    gpu_power: num.optional(),
    /** 0.6.1+ with `--soc-info`; parsed on its own by `soc_info.ts` so a bad one costs only the name. */
    soc: z.unknown().optional(),
  })
  // A line that gives part of a reading yields that part (usage null when the usage keys
  // are missing); only a line with no GPU figure at all is not a sample.
  .refine(
    (line) =>
      line.gpu_usage !== undefined || line.gpu_scaled_ratio !== undefined ||
      line.gpu_usage_ratio !== undefined || line.gpu_active_ratio !== undefined ||
      line.gpu_power !== undefined ||
      line.gpu_freq_mhz !== undefined || line.temp?.gpu_temp_avg !== undefined ||
      line.memory?.ram_total !== undefined || line.memory?.ram_usage !== undefined,
    {
      message: "no GPU reading (gpu_usage, gpu_scaled_ratio, gpu_power, gpu_temp_avg or memory)",
    },
  );

export type MacmonLine = z.infer<typeof MacmonLineSchema>;

/** The `soc` object of `macmon pipe --soc-info` (0.6.1+), `SocInfo` in macmon's sources. */
export const MacmonSocSchema = z.object({
  /** `machdep.cpu.brand_string`, e.g. `Apple M1 Max`; `Unknown chip` when unreadable. */
  chip_name: z.string().optional(),
  mac_model: z.string().optional(),
  memory_gb: z.number().nullable().optional(),
  gpu_cores: z.number().nullable().optional(),
});

export type MacmonSoc = z.infer<typeof MacmonSocSchema>;
