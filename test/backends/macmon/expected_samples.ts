/**
 * What each fixture's lines parse to, shared by the parser, backend and CLI tests. Every
 * number is copied by hand from the capture (fixtures/macmon/, which keeps each value of
 * realdata/macmon/ and of the blog capture as printed); the comment says which key.
 */
import type { MacmonSample } from "../../../src/backends/macmon/parse_sample.ts";
import type { FixtureName } from "../../fakes/macmon/fake.ts";

/** A 0–1 ratio as the percent the parser computes (same float operation, so exact). */
export const pct = (ratio: number) => ratio * 100;

/** The v0.6.1 readme line, by hand from the capture. */
const V061_README = {
  timestamp: "2025-02-24T20:38:15.427569+00:00", // "timestamp"
  gpuUtilizationPercent: pct(0.021497859), // "gpu_usage": [461, 0.021497859]
  gpuActivePercent: null,
  gpuFreqMHz: 461, // gpu_usage[0]
  gpuPowerWatts: 0.017451683, // "gpu_power"
  gpuTempCelsius: 36.95167, // temp.gpu_temp_avg
  ramTotalBytes: 25769803776, // memory.ram_total
  ramUsedBytes: 20985479168, // memory.ram_usage
  soc: null,
} as const;

export const EXPECTED_SAMPLES: Record<FixtureName, MacmonSample[]> = {
  "pre-v0.6-no-timestamp.jsonl": [
    {
      timestamp: null, // before 0.6: no timestamp key
      gpuUtilizationPercent: pct(0.0027520815), // line 1 "gpu_usage":[169,0.0027520815]
      gpuActivePercent: null, // no gpu_active_ratio before 0.8
      gpuFreqMHz: 169, // line 1 gpu_usage[0]
      gpuPowerWatts: 0.0012522695, // line 1 "gpu_power"
      gpuTempCelsius: 44.810947, // line 1 temp.gpu_temp_avg
      ramTotalBytes: 25769803776, // line 1 memory.ram_total (24 GiB, bytes)
      ramUsedBytes: 14942404608, // line 1 memory.ram_usage
      soc: null,
    },
    {
      timestamp: null,
      gpuUtilizationPercent: pct(0.01348789), // line 2 "gpu_usage":[338,0.01348789]
      gpuActivePercent: null,
      gpuFreqMHz: 338, // line 2 gpu_usage[0]
      gpuPowerWatts: 0.03071117, // line 2 "gpu_power"
      gpuTempCelsius: 44.810947, // line 2 temp.gpu_temp_avg (same as line 1)
      ramTotalBytes: 25769803776, // line 2 memory.ram_total
      ramUsedBytes: 15089975296, // line 2 memory.ram_usage
      soc: null,
    },
  ],
  "v0.6.1-readme.jsonl": [V061_README],
  // The v0.6.1 line above plus an appended soc object (values invented; see fixtures README).
  "v0.6.1-readme-with-soc.jsonl": [{
    ...V061_README,
    soc: {
      chipName: "Apple M2", // soc.chip_name
      macModel: "Mac14,2", // soc.mac_model
      gpuCores: 10, // soc.gpu_cores
      memoryGb: 24, // soc.memory_gb
    },
  }],
  "v0.8.0-m1max.jsonl": [{
    timestamp: "2026-08-01T16:36:35.366245+00:00", // "timestamp"
    gpuUtilizationPercent: pct(0.2072213888168335), // "gpu_usage_ratio" (= gpu_usage[1])
    gpuActivePercent: pct(0.6921621561050415), // "gpu_active_ratio"
    gpuFreqMHz: 388, // "gpu_freq_mhz"
    gpuPowerWatts: 1.1298161745071411, // "gpu_power"
    gpuTempCelsius: 52.1805419921875, // temp.gpu_temp_avg
    ramTotalBytes: 68719476736, // memory.ram_total
    ramUsedBytes: 28706603008, // memory.ram_usage
    soc: null,
  }],
  "v0.8.2-readme.jsonl": [{
    timestamp: "2025-02-24T20:38:15.427569+00:00", // "timestamp"
    gpuUtilizationPercent: pct(0.021497859), // "gpu_scaled_ratio" (no gpu_usage tuple here)
    gpuActivePercent: pct(0.09), // "gpu_active_ratio"
    gpuFreqMHz: 461, // "gpu_freq_mhz"
    gpuPowerWatts: 0.017451683, // "gpu_power"
    gpuTempCelsius: 36.95167, // temp.gpu_temp_avg
    ramTotalBytes: 25769803776, // memory.ram_total
    ramUsedBytes: 20985479168, // memory.ram_usage
    soc: null,
  }],
};
