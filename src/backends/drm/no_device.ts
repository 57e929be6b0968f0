/**
 * The drm backend's answer where sysfs shows no GPU and no accelerator: `unavailable`, with the
 * kernel release as its version. The registry (`../mod.ts`) gives it without importing the
 * backend's module (sysfs readers, the /proc scan, the libc binding: ~40 modules) when neither
 * `class/drm` nor `class/accel` has a device entry at all; where one is there, the backend's own
 * listing decides (it may still find none: a USB card, an accel node without a device link).
 */
import type { BackendContext, BackendOpenResult } from "../backend.ts";
import { joinPath } from "../../linux/path_join.ts";
import { listDirOrNull, readLineByOpsOrNull } from "../../linux/read_file_ops.ts";
import { ACCEL_NAME, CARD_NAME } from "../../linux/sysfs/drm_node_names.ts";

/**
 * True when `<sysRoot>/class/drm` has no `card<N>` and `<sysRoot>/class/accel` no `accel<N>`
 * (or neither can be listed): the backend's listings would then certainly be empty.
 */
export function noDrmNodes(sysRoot: string): boolean {
  const none = (dir: string, name: RegExp) =>
    !(listDirOrNull(joinPath(sysRoot, "class", dir)) ?? []).some((entry) => name.test(entry));
  return none("drm", CARD_NAME) && none("accel", ACCEL_NAME);
}

/** The open result of a backend that found no DRM GPU and no accelerator. */
export function noDrmDeviceResult(ctx: BackendContext): BackendOpenResult {
  return {
    status: "unavailable",
    // The message predates accelerators; none was found in class/accel either.
    detail: `no DRM GPU found in ${joinPath(ctx.sysRoot, "class", "drm")}`,
    library: null,
    // Through Deno's ops: libc (`dlopen`, ~2 ms) is not worth loading for one file.
    version: readLineByOpsOrNull(joinPath(ctx.procRoot, "sys", "kernel", "osrelease")),
  };
}

/** The registry's early answer: the result above where no device entry exists, else null. */
export function drmOpenWithoutModule(ctx: BackendContext): BackendOpenResult | null {
  return noDrmNodes(ctx.sysRoot) ? noDrmDeviceResult(ctx) : null;
}
