/**
 * What the registry knows of the amdsmi backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const AMDSMI_INFO: BackendInfo = {
  id: "amdsmi",
  summary: "AMD GPUs through AMD SMI (libamd_smi.so.26 / .25 / .24, ROCm 6.1 to 7.x)",
  libraryLifetime: true,
  defaultOn: (os) => os === "linux",
};
