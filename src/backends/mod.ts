/**
 * The registry: every backend, in precedence order. Earlier entries win a device field
 * when two backends see the same device (see src/model/field_precedence.ts).
 * Importing this loads no backend: each entry is the backend's `info.ts` plus a literal
 * dynamic import of its module, made when a session opens it (src/backends/lazy_backend.ts).
 * `test/backends/ids_test.ts` checks each entry against the backend module's own descriptor.
 */
import type { BackendDescriptor } from "./backend.ts";
import { AMDSMI_INFO } from "./amdsmi/info.ts";
import { AMD_NODES, INTEL_NODES, NVIDIA_NODES, NVIDIA_SMI_NODES } from "./device_nodes.ts";
import { DRM_INFO } from "./drm/info.ts";
import { drmOpenWithoutModule } from "./drm/no_device.ts";
import { lazyDescriptor } from "./lazy_backend.ts";
import { LEVEL_ZERO_INFO } from "./level-zero/info.ts";
import { MACMON_INFO } from "./macmon/info.ts";
import { NVIDIA_SMI_INFO } from "./nvidia-smi/info.ts";
import { NVML_INFO } from "./nvml/info.ts";

export const BACKENDS: readonly BackendDescriptor[] = [
  lazyDescriptor(
    { ...NVML_INFO, deviceNodes: NVIDIA_NODES },
    () => import("./nvml/backend.ts").then((m) => m.nvmlBackend),
  ),
  lazyDescriptor(
    { ...NVIDIA_SMI_INFO, deviceNodes: NVIDIA_SMI_NODES },
    () => import("./nvidia-smi/backend.ts").then((m) => m.nvidiaSmiBackend),
  ),
  lazyDescriptor(
    { ...LEVEL_ZERO_INFO, deviceNodes: INTEL_NODES },
    () => import("./level-zero/backend.ts").then((m) => m.levelZeroBackend),
  ),
  lazyDescriptor(
    { ...AMDSMI_INFO, deviceNodes: AMD_NODES },
    () => import("./amdsmi/backend.ts").then((m) => m.amdsmiBackend),
  ),
  lazyDescriptor(
    DRM_INFO,
    () => import("./drm/backend.ts").then((m) => m.drmBackend),
    drmOpenWithoutModule,
  ),
  lazyDescriptor(MACMON_INFO, () => import("./macmon/backend.ts").then((m) => m.macmonBackend)),
];

export type { Backend, BackendContext, BackendDescriptor } from "./backend.ts";
