/**
 * Enumerates GPUs from `<sysRoot>/class/drm`: every `cardN` whose `device` is a PCI function.
 * Connectors (`card0-DP-1`), render nodes and the `version` file are not cards; cards on a
 * platform device (simpledrm on the firmware framebuffer, most ARM display engines) have no
 * PCI address to join on and are skipped.
 *
 * Everything read here is PCI-core or driver-core state (ids, uevent, links, runtime PM
 * status), which the kernel answers without resuming a runtime-suspended device.
 */
import { basename, join } from "node:path";
import { normalizePciBusId } from "../../model/pci.ts";
import { listDirOrNull, readLineOrNull, readLinkOrNull, readTextOrNull } from "../read_file.ts";

export interface DrmCard {
  /** `card0` */
  name: string;
  /** `<sysRoot>/class/drm/card0` */
  cardPath: string;
  /** `<sysRoot>/class/drm/card0/device`: the PCI function's directory. */
  devicePath: string;
  /** `0000:03:00.0` */
  pciBusId: string;
  /** Kernel driver bound to the PCI function (`amdgpu`, `i915`, `xe`, ...). */
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

const CARD_NAME = /^card(\d+)$/;

/** PCI GPUs in card-number order; one entry per PCI function. */
export function listDrmCards(sysRoot: string): DrmCard[] {
  const classDir = join(sysRoot, "class", "drm");
  const names = (listDirOrNull(classDir) ?? [])
    .filter((name) => CARD_NAME.test(name))
    .sort((a, b) => cardNumber(a) - cardNumber(b));
  const cards: DrmCard[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const card = readCard(classDir, name);
    if (card === null || seen.has(card.pciBusId)) continue;
    seen.add(card.pciBusId);
    cards.push(card);
  }
  return cards;
}

function cardNumber(name: string): number {
  return Number(CARD_NAME.exec(name)?.[1] ?? Infinity);
}

function readCard(classDir: string, name: string): DrmCard | null {
  const cardPath = join(classDir, name);
  const devicePath = join(cardPath, "device");
  const link = readLinkOrNull(devicePath);
  if (link === null) return null;
  const uevent = parseUevent(readTextOrNull(join(devicePath, "uevent")));
  const pciBusId = normalizePciBusId(basename(link)) ?? normalizePciBusId(uevent.PCI_SLOT_NAME);
  if (pciBusId === null) return null;
  const driverLink = readLinkOrNull(join(devicePath, "driver"));
  const [ueventVendor, ueventDevice] = (uevent.PCI_ID ?? "").split(":");
  return {
    name,
    cardPath,
    devicePath,
    pciBusId,
    driver: (driverLink ? basename(driverLink) : null) ?? uevent.DRIVER ?? null,
    vendorId: readHexOrNull(join(devicePath, "vendor")) ?? parseHex(ueventVendor),
    deviceId: readHexOrNull(join(devicePath, "device")) ?? parseHex(ueventDevice),
    subsystemVendorId: readHexOrNull(join(devicePath, "subsystem_vendor")),
    subsystemDeviceId: readHexOrNull(join(devicePath, "subsystem_device")),
    renderNode:
      (listDirOrNull(join(devicePath, "drm")) ?? []).find((n) => /^renderD\d+$/.test(n)) ??
        null,
    runtimeStatus: readLineOrNull(join(devicePath, "power", "runtime_status")),
  };
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
