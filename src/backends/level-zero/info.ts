/**
 * What the registry knows of the level-zero backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const LEVEL_ZERO_INFO: BackendInfo = {
  id: "level-zero",
  summary: "Intel GPUs through Level Zero Sysman (libze_loader.so.1 / ze_loader.dll)",
  libraryLifetime: true,
  defaultOn(os) {
    return os === "linux" || os === "windows";
  },
};
