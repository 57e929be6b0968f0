/**
 * Where the link of a GPU's board to its slot is described in sysfs. An AMD discrete GPU
 * (Navi, Instinct) sits behind a PCIe switch built into its own board or package: an upstream
 * and a downstream port, both with AMD/ATI's vendor id 0x1002, between the slot and the GPU
 * function. The GPU function's own `*_link_*` files then describe the switch-internal link
 * (often a fixed x16 at the top speed), not the slot's.
 *
 * amdgpu itself treats those bridges so (drivers/gpu/drm/amd/amdgpu/amdgpu_device.c):
 * `amdgpu_device_gpu_bandwidth` takes the link caps of the topmost 0x1002 bridge above the GPU
 * as the GPU's ("the AMD dGPU which may be a virtual upstream bridge"), and
 * `amdgpu_device_partner_bandwidth` skips every 0x1002 bridge ("switches internal to dGPU") to
 * find the platform's port. So the same walk here: from an 0x1002 device, up through parents
 * that are 0x1002 PCI devices; the last one reached holds the board's link. A device of another
 * vendor, or an AMD one right under a root port (the Vega capture), keeps its own directory.
 */
import { joinPath } from "../path_join.ts";
import { readLineOrNull } from "../read_file.ts";

/** `PCI_VENDOR_ID_ATI`, the id amdgpu checks (AMD's CPUs and root ports use 0x1022). */
const ATI_VENDOR_ID = "0x1002";

/** Bridges of one board's own switch: never more than a handful; a bound against loops. */
const MAX_BOARD_BRIDGES = 4;

function isAtiDevice(path: string): boolean {
  return readLineOrNull(joinPath(path, "vendor"))?.trim().toLowerCase() === ATI_VENDOR_ID;
}

function parentOf(path: string): string | null {
  const cut = path.lastIndexOf("/");
  return cut <= 0 ? null : path.slice(0, cut);
}

/** The directory whose link files describe `pciDevicePath`'s board link (see above). */
export function boardLinkPath(pciDevicePath: string): string {
  if (!isAtiDevice(pciDevicePath)) return pciDevicePath;
  let real: string;
  try {
    real = Deno.realPathSync(pciDevicePath);
  } catch {
    return pciDevicePath;
  }
  let top = pciDevicePath;
  let parent = parentOf(real);
  for (let step = 0; step < MAX_BOARD_BRIDGES && parent !== null; step++) {
    if (!isAtiDevice(parent)) break;
    top = parent;
    parent = parentOf(parent);
  }
  return top;
}
