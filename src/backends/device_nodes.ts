/**
 * Whether a vendor library backend has a device to talk to, judged from device nodes before
 * its library is loaded: loading libnvidia-ml, libze_loader or libamd_smi and initialising it
 * costs tens of milliseconds, which a one-shot run without the vendor's hardware should not pay.
 * Each check errs towards probing: a node it cannot judge (a render node whose sysfs vendor is
 * unreadable) counts as present. A backend named in `--backends`, or whose library path is given
 * by its environment variable, is never skipped (src/session/plan_backends.ts).
 */
import type { BackendContext, DeviceNodeCheck } from "./backend.ts";

/** Vendor ids in sysfs `device/vendor` (PCI-SIG assignments). */
const INTEL_VENDOR = "0x8086";
const AMD_VENDOR = "0x1002";
/** WSL 2's one GPU node, through which every vendor's Linux library reaches the Windows driver. */
const WSL_NODE = "dxg";

/** The device folder: `GPUTOP_DEV_ROOT`, else `dev` under `--root`, else `/dev`. */
export function devRootOf(ctx: BackendContext): string {
  if (ctx.devRoot !== undefined) return ctx.devRoot;
  const root = ctx.rootDir;
  if (root === null || root === undefined) return "/dev";
  return root.endsWith("/") ? `${root}dev` : `${root}/dev`;
}

/** Names in a folder; empty when it is absent or unreadable. */
function namesIn(folder: string): string[] {
  try {
    return [...Deno.readDirSync(folder)].map((entry) => entry.name);
  } catch {
    return [];
  }
}

function exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * NVML: the driver loaded (`/proc/driver/nvidia`; with no nodes yet NVML creates them through
 * nvidia-modprobe on its first call), a GPU node (`nvidia0`, `nvidia1`, …), or WSL's `dxg`.
 * `nvidiactl` alone is not enough: without the driver NVML answers "driver not loaded".
 */
export const NVIDIA_NODES: DeviceNodeCheck = {
  override: "GPUTOP_NVML_LIB",
  missing(ctx) {
    const dev = devRootOf(ctx);
    const names = namesIn(dev);
    if (names.some((name) => /^nvidia\d+$/.test(name)) || names.includes(WSL_NODE)) return null;
    if (exists(`${ctx.procRoot}/driver/nvidia`)) return null;
    return `no device nodes (no ${dev}/nvidia<N>, no NVIDIA driver in ${ctx.procRoot}/driver)`;
  },
};

/** nvidia-smi, NVML's fallback, needs the same nodes; its override is the program path. */
export const NVIDIA_SMI_NODES: DeviceNodeCheck = {
  override: "GPUTOP_NVIDIA_SMI",
  missing: NVIDIA_NODES.missing,
};

/**
 * True when some node `<dev>/<folder>/<prefix>N` belongs to `vendor` by its sysfs class entry
 * (`<sys>/class/<sysClass>/<node>/device/vendor`), or that vendor file cannot be read.
 */
function vendorNode(
  ctx: BackendContext,
  folder: string,
  prefix: string,
  sysClass: string,
  vendor: string,
): boolean {
  const nodes = namesIn(`${devRootOf(ctx)}/${folder}`).filter((name) => name.startsWith(prefix));
  return nodes.some((node) => {
    try {
      const text = Deno.readTextFileSync(`${ctx.sysRoot}/class/${sysClass}/${node}/device/vendor`);
      return text.trim().toLowerCase() === vendor;
    } catch {
      return true;
    }
  });
}

/** Level Zero: an Intel render node, or an Intel accel node (the NPU driver's). */
export const INTEL_NODES: DeviceNodeCheck = {
  override: "GPUTOP_ZE_LIB",
  missing(ctx) {
    if (exists(`${devRootOf(ctx)}/${WSL_NODE}`)) return null;
    if (vendorNode(ctx, "dri", "renderD", "drm", INTEL_VENDOR)) return null;
    if (vendorNode(ctx, "accel", "accel", "accel", INTEL_VENDOR)) return null;
    const dev = devRootOf(ctx);
    return `no device nodes (no Intel ${dev}/dri/renderD*, no Intel ${dev}/accel/accel*)`;
  },
};

/** AMD SMI: `/dev/kfd` (ROCm compute) or an AMD render node. */
export const AMD_NODES: DeviceNodeCheck = {
  override: "GPUTOP_AMDSMI_LIB",
  missing(ctx) {
    const dev = devRootOf(ctx);
    if (exists(`${dev}/kfd`) || exists(`${dev}/${WSL_NODE}`)) return null;
    if (vendorNode(ctx, "dri", "renderD", "drm", AMD_VENDOR)) return null;
    return `no device nodes (no ${dev}/kfd, no AMD ${dev}/dri/renderD*)`;
  },
};
