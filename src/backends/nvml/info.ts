/**
 * What the registry knows of the nvml backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const NVML_INFO: BackendInfo = {
  id: "nvml",
  summary: "NVIDIA GPUs through NVML (libnvidia-ml.so.1 / nvml.dll)",
  libraryLifetime: true,
  defaultOn(os) {
    return os === "linux" || os === "windows";
  },
};
