/**
 * What the registry knows of the drm backend without loading it: id, summary, where it is on
 * by default. `src/backends/mod.ts` imports only this; the backend module itself is imported
 * when a session opens the backend.
 */
import type { BackendInfo } from "../backend.ts";

export const DRM_INFO: BackendInfo = {
  id: "drm",
  summary:
    "Linux DRM: /sys/class/drm and /proc/<pid>/fdinfo (amdgpu, i915, xe, panfrost, msm, v3d, ...)",
  defaultOn: (os) => os === "linux",
};
