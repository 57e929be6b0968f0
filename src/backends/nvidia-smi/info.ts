/**
 * What the registry knows of the nvidia-smi backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const NVIDIA_SMI_INFO: BackendInfo = {
  id: "nvidia-smi",
  summary: "NVIDIA GPUs through nvidia-smi, when NVML cannot be used",
  defaultOn: (os) => os === "linux" || os === "windows",
  fallbackFor: ["nvml"],
};
