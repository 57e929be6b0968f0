/**
 * Which backend wins a device field when several report the same device. The default is the
 * registry order (vendor libraries before the nvidia-smi fallback, before the kernel's
 * generic DRM files, before macmon). Exceptions go here, each with the reason.
 *
 * The health fields follow the default (a vendor library's value wins, sysfs fills what it
 * could not read), but for the PCIe link of an AMD GPU: see DRM_BEFORE_AMDSMI.
 */
import { BACKEND_IDS } from "./schema_ids.ts";
import type { BackendId, DeviceMetricName } from "./types.ts";

const REGISTRY_ORDER: readonly BackendId[] = BACKEND_IDS;

/**
 * The registry order with `drm` moved just before `amdsmi`. For amdgpu memory, sysfs is what
 * AMD SMI itself reads on a discrete card (`mem_info_*`), and on an APU the DRM backend knows
 * the pool is VRAM + GTT shared with the CPU, where AMD SMI gives only the small VRAM carve-out.
 * For the PCIe link (current and max), the DRM backend reads the board's link from the top of
 * the board's own switch (linux/sysfs/board_link.ts, as amdgpu does), where AMD SMI's max is
 * the GPU function's `max_link_*`, the switch-internal link on such boards. ECC counts and bad
 * pages are the same sysfs files in both, so they keep the default order. No other backend's
 * place changes.
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
  // amdgpu PCIe link: the board's link from sysfs before AMD SMI's (see DRM_BEFORE_AMDSMI).
  pcieGeneration: DRM_BEFORE_AMDSMI,
  pcieWidth: DRM_BEFORE_AMDSMI,
  pcieGenerationMax: DRM_BEFORE_AMDSMI,
  pcieWidthMax: DRM_BEFORE_AMDSMI,
};

/** Backends in the order they are asked for `field`; the first non-null value wins. */
export function precedenceFor(field: DeviceMetricName): readonly BackendId[] {
  return OVERRIDES[field] ?? REGISTRY_ORDER;
}

/** Rank of a backend in the default order; used for whole-record choices (processes). */
export function backendRank(id: BackendId): number {
  return REGISTRY_ORDER.indexOf(id);
}
