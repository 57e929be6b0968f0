/**
 * What the registry knows of the macmon backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const MACMON_INFO: BackendInfo = {
  id: "macmon",
  summary: "Apple Silicon GPU use, clock, power, temperature and unified memory via macmon",
  defaultOn: (os) => os === "darwin",
};
