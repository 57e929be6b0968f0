/**
 * Enumerates the kernel's compute accelerators from `<sysRoot>/class/accel`: every
 * `accel<N>` node (the `/dev/accel/accel<N>` of amdxdna, intel_vpu, habanalabs, qaic, ...)
 * whose `device` link names the device it belongs to. The reads are the same PCI-core and
 * driver-core files as for a DRM card (ids, uevent, driver link, runtime PM status), which the
 * kernel answers without resuming a suspended device; no driver is special-cased.
 *
 * A node without a `device` link names no device (no address, driver or ids): it is not
 * listed, and is counted in `withoutDevice` so the backend can say so. Its clients resolve
 * to no listed device and are counted as unplaced, like any other.
 */
import { baseName, joinPath } from "../path_join.ts";
import { normalizePciBusId } from "../../model/pci.ts";
import { listDirOrNull, readLineOrNull, readLinkOrNull, readTextOrNull } from "../read_file.ts";
import { parseHex, parseUevent } from "./drm_cards.ts";
import { ACCEL_NAME } from "./drm_node_names.ts";

export interface AccelDevice {
  /** `accel0` */
  name: string;
  /** `<sysRoot>/class/accel/accel0/device` */
  devicePath: string;
  /** PCI address (`0000:c5:00.1`) or platform device name: the device id. */
  busId: string;
  /** `0000:c5:00.1`; null on a device that is not on PCI. */
  pciBusId: string | null;
  /** Kernel driver bound to the device (`amdxdna`, `intel_vpu`, `habanalabs`, `qaic`). */
  driver: string | null;
  vendorId: number | null;
  deviceId: number | null;
  /** PCI runtime PM state: `active`, `suspended`, ... */
  runtimeStatus: string | null;
}

export interface AccelListing {
  devices: AccelDevice[];
  /** `accel<N>` nodes without a `device` link: skipped. */
  withoutDevice: number;
}

/** Accelerators in node-number order; one entry per device. */
export function listAccelDevices(sysRoot: string): AccelListing {
  const classDir = joinPath(sysRoot, "class", "accel");
  const names = (listDirOrNull(classDir) ?? [])
    .filter((name) => ACCEL_NAME.test(name))
    .sort((a, b) => nodeNumber(a) - nodeNumber(b));
  const listing: AccelListing = { devices: [], withoutDevice: 0 };
  const seen = new Set<string>();
  for (const name of names) {
    const device = readAccelDevice(classDir, name);
    if (device === null) {
      listing.withoutDevice++;
      continue;
    }
    if (seen.has(device.busId)) continue;
    seen.add(device.busId);
    listing.devices.push(device);
  }
  return listing;
}

function nodeNumber(name: string): number {
  return Number(ACCEL_NAME.exec(name)?.[1] ?? Infinity);
}

function readAccelDevice(classDir: string, name: string): AccelDevice | null {
  const devicePath = joinPath(classDir, name, "device");
  const link = readLinkOrNull(devicePath);
  if (link === null || baseName(link) === "") return null;
  const uevent = parseUevent(readTextOrNull(joinPath(devicePath, "uevent")));
  const pciBusId = normalizePciBusId(baseName(link)) ?? normalizePciBusId(uevent.PCI_SLOT_NAME);
  const driverLink = readLinkOrNull(joinPath(devicePath, "driver"));
  const [ueventVendor, ueventDevice] = (uevent.PCI_ID ?? "").split(":");
  const pci = pciBusId !== null;
  return {
    name,
    devicePath,
    busId: pciBusId ?? baseName(link),
    pciBusId,
    driver: (driverLink ? baseName(driverLink) : null) ?? uevent.DRIVER ?? null,
    vendorId: pci ? readHex(joinPath(devicePath, "vendor")) ?? parseHex(ueventVendor) : null,
    deviceId: pci ? readHex(joinPath(devicePath, "device")) ?? parseHex(ueventDevice) : null,
    runtimeStatus: readLineOrNull(joinPath(devicePath, "power", "runtime_status")),
  };
}

function readHex(path: string): number | null {
  return parseHex(readLineOrNull(path));
}
