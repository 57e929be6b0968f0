/**
 * Enumerates GPUs from `<sysRoot>/class/drm`: every `cardN` whose `device` is a PCI function,
 * and every `cardN` on a platform device (the SoC GPUs: panfrost, panthor, lima, msm, v3d,
 * etnaviv, asahi, powervr, ...) that has a render node. Connectors (`card0-DP-1`), render
 * nodes and the `version` file are not cards. A platform card without a render node is a
 * display engine only (simpledrm on the firmware framebuffer, vc4 on a Raspberry Pi 4,
 * rockchip-drm's display subsystem): it renders nothing and is not listed. Cards on other
 * buses (USB, virtio) are skipped.
 *
 * Everything read here is PCI-core or driver-core state (ids, uevent, links, runtime PM
 * status, the device tree's `compatible`), which the kernel answers without resuming a
 * runtime-suspended device.
 */
import { baseName, joinPath } from "../path_join.ts";
import { normalizePciBusId } from "../../model/pci.ts";
import { CARD_NAME } from "./drm_node_names.ts";
import { listDirOrNull, readLineOrNull, readLinkOrNull, readTextOrNull } from "../read_file.ts";

export interface DrmCard {
  /** `card0` */
  name: string;
  /** `<sysRoot>/class/drm/card0` */
  cardPath: string;
  /** `<sysRoot>/class/drm/card0/device`: the PCI function's or platform device's directory. */
  devicePath: string;
  bus: "pci" | "platform";
  /** PCI address (`0000:03:00.0`) or platform device name (`fde60000.gpu`): the device id. */
  busId: string;
  /** `0000:03:00.0`; null on a platform device. */
  pciBusId: string | null;
  /**
   * Device tree `compatible` strings of a platform device (`of_node/compatible`, most
   * specific first: `rockchip,rk3588-mali`, `arm,mali-valhall-csf`); empty when none.
   */
  compatible: string[];
  /** Kernel driver bound to the device (`amdgpu`, `i915`, `xe`, `panfrost`, `v3d`, ...). */
  driver: string | null;
  vendorId: number | null;
  deviceId: number | null;
  subsystemVendorId: number | null;
  subsystemDeviceId: number | null;
  /** `renderD128`, or null when the driver has no render node. */
  renderNode: string | null;
  /** PCI runtime PM state: `active`, `suspended`, `suspending`, `resuming`, `unsupported`. */
  runtimeStatus: string | null;
}

/** GPUs in card-number order; one entry per PCI function or platform device. */
export function listDrmCards(sysRoot: string): DrmCard[] {
  const classDir = joinPath(sysRoot, "class", "drm");
  const names = (listDirOrNull(classDir) ?? [])
    .filter((name) => CARD_NAME.test(name))
    .sort((a, b) => cardNumber(a) - cardNumber(b));
  const cards: DrmCard[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const card = readCard(classDir, name);
    if (card === null || seen.has(card.busId)) continue;
    seen.add(card.busId);
    cards.push(card);
  }
  return cards;
}

function cardNumber(name: string): number {
  return Number(CARD_NAME.exec(name)?.[1] ?? Infinity);
}

function readCard(classDir: string, name: string): DrmCard | null {
  const cardPath = joinPath(classDir, name);
  const devicePath = joinPath(cardPath, "device");
  const link = readLinkOrNull(devicePath);
  if (link === null) return null;
  const uevent = parseUevent(readTextOrNull(joinPath(devicePath, "uevent")));
  const pciBusId = normalizePciBusId(baseName(link)) ?? normalizePciBusId(uevent.PCI_SLOT_NAME);
  const renderNode =
    (listDirOrNull(joinPath(devicePath, "drm")) ?? []).find((n) => /^renderD\d+$/.test(n)) ?? null;
  const platform = pciBusId === null && isPlatformDevice(devicePath);
  if (pciBusId === null && !(platform && renderNode !== null)) return null;
  const driverLink = readLinkOrNull(joinPath(devicePath, "driver"));
  const [ueventVendor, ueventDevice] = (uevent.PCI_ID ?? "").split(":");
  const pci = pciBusId !== null;
  return {
    name,
    cardPath,
    devicePath,
    bus: pci ? "pci" : "platform",
    busId: pciBusId ?? baseName(link),
    pciBusId,
    compatible: pci ? [] : readCompatible(devicePath),
    driver: (driverLink ? baseName(driverLink) : null) ?? uevent.DRIVER ?? null,
    vendorId: pci ? readHexOrNull(joinPath(devicePath, "vendor")) ?? parseHex(ueventVendor) : null,
    deviceId: pci ? readHexOrNull(joinPath(devicePath, "device")) ?? parseHex(ueventDevice) : null,
    subsystemVendorId: pci ? readHexOrNull(joinPath(devicePath, "subsystem_vendor")) : null,
    subsystemDeviceId: pci ? readHexOrNull(joinPath(devicePath, "subsystem_device")) : null,
    renderNode,
    runtimeStatus: readLineOrNull(joinPath(devicePath, "power", "runtime_status")),
  };
}

/**
 * On the platform bus: the device's `subsystem` link ends in `bus/platform`, or (trees
 * without that link) the device's real path runs through `devices/platform/`.
 */
function isPlatformDevice(devicePath: string): boolean {
  const subsystem = readLinkOrNull(joinPath(devicePath, "subsystem"));
  if (subsystem !== null) return baseName(subsystem) === "platform";
  try {
    return Deno.realPathSync(devicePath).includes("/devices/platform/");
  } catch {
    return false;
  }
}

/** `of_node/compatible`: NUL-separated strings, most specific first. */
export function readCompatible(devicePath: string): string[] {
  const text = readTextOrNull(joinPath(devicePath, "of_node", "compatible"));
  if (text === null) return [];
  return text.split("\0").map((s) => s.trim()).filter((s) => s !== "");
}

/** `KEY=value` lines (uevent); later keys win. */
export function parseUevent(text: string | null): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  if (text === null) return fields;
  for (const line of text.split("\n")) {
    const eq = line.indexOf("=");
    if (eq > 0) fields[line.slice(0, eq)] = line.slice(eq + 1).trim();
  }
  return fields;
}

/** `0x1002` (sysfs id files) or `1002` (uevent) → number. */
export function parseHex(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = /^(?:0x)?([0-9a-f]{1,8})$/i.exec(text.trim());
  return match ? parseInt(match[1] as string, 16) : null;
}

function readHexOrNull(path: string): number | null {
  return parseHex(readLineOrNull(path));
}

/** True when reading device sensors would resume the GPU from runtime suspend. */
export function isRuntimeSuspended(runtimeStatus: string | null): boolean {
  return runtimeStatus === "suspended" || runtimeStatus === "suspending";
}
