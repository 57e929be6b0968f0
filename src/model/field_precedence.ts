/**
 * Which backend wins a device field when several report the same device. The default is the
 * registry order (vendor libraries before the nvidia-smi fallback, before the kernel's
 * generic DRM files, before macmon). Exceptions go here, each with the reason.
 *
 * The health fields (PCIe link, ECC, retirement, clock reasons) have no exception: a vendor
 * library's value wins and sysfs fills what it could not read. For amdgpu both read the same
 * kernel files (AMD SMI's max link, RAS counts and bad pages are sysfs underneath), so the
 * order changes nothing there but the current link, which AMD SMI takes from gpu_metrics.
 */
import { BACKEND_IDS } from "./schema_ids.ts";
import type { BackendId, DeviceMetricName } from "./types.ts";

const REGISTRY_ORDER: readonly BackendId[] = BACKEND_IDS;

/**
 * The registry order with `drm` moved just before `amdsmi`. For amdgpu memory, sysfs is what
 * AMD SMI itself reads on a discrete card (`mem_info_*`), and on an APU the DRM backend knows
 * the pool is VRAM + GTT shared with the CPU, where AMD SMI gives only the small VRAM carve-out.
 * No other backend's place changes.
 */
const DRM_BEFORE_AMDSMI: readonly BackendId[] = REGISTRY_ORDER.flatMap((id) =>
  id === "drm" ? [] : id === "amdsmi" ? ["drm", "amdsmi"] : [id]
);

const OVERRIDES: Partial<Record<DeviceMetricName, readonly BackendId[]>> = {
  // The kernel's runtime PM state is only known from sysfs; no vendor library reports it.
  runtimeStatus: ["drm", ...REGISTRY_ORDER],
  // The kernel's device class (drm card or accel node) names what a device is.
  deviceClass: ["drm", ...REGISTRY_ORDER],
  // DRM's per-class engine map (render/copy/video/...) is finer than a vendor library's
  // encode/decode pair; vendor maps still fill in when DRM has none.
  engines: ["drm", ...REGISTRY_ORDER],
  // amdgpu memory: sysfs before AMD SMI (APU pools; see DRM_BEFORE_AMDSMI).
  memoryTotalBytes: DRM_BEFORE_AMDSMI,
  memoryUsedBytes: DRM_BEFORE_AMDSMI,
  memoryFreeBytes: DRM_BEFORE_AMDSMI,
  memoryShared: DRM_BEFORE_AMDSMI,
  gttTotalBytes: DRM_BEFORE_AMDSMI,
  gttUsedBytes: DRM_BEFORE_AMDSMI,
};

/** Backends in the order they are asked for `field`; the first non-null value wins. */
export function precedenceFor(field: DeviceMetricName): readonly BackendId[] {
  return OVERRIDES[field] ?? REGISTRY_ORDER;
}

/** Rank of a backend in the default order; used for whole-record choices (processes). */
export function backendRank(id: BackendId): number {
  return REGISTRY_ORDER.indexOf(id);
}
