/**
 * Vendor and display name of a compute accelerator (`/sys/class/accel`). From the PCI vendor
 * id first: AMD's NPUs carry AMD's CPU-side id 0x1022 (its GPUs 0x1002), Habana Labs' id
 * 0x1da3 is Intel's since Intel bought Habana, Qualcomm's is 0x17cb. Else (a device that is
 * not on PCI, or an id not in the table) from the kernel driver bound to it. No marketing name
 * is made up: the name is the vendor's label and the ids ("AMD NPU 1022:17f0").
 */
import type { Vendor } from "../../model/types.ts";

interface AccelVendor {
  vendor: Vendor;
  label: string;
}

const AMD: AccelVendor = { vendor: "amd", label: "AMD" };
const INTEL: AccelVendor = { vendor: "intel", label: "Intel" };
const QUALCOMM: AccelVendor = { vendor: "qualcomm", label: "Qualcomm" };

const PCI_VENDORS: Record<number, AccelVendor> = {
  0x1022: AMD,
  0x1002: AMD,
  0x8086: INTEL,
  0x1da3: INTEL,
  0x17cb: QUALCOMM,
};

/** Upstream accel drivers (drivers/accel/) by the name of the kernel driver bound. */
const DRIVER_VENDORS: Record<string, AccelVendor> = {
  amdxdna: AMD,
  "intel_vpu": INTEL,
  habanalabs: INTEL,
  qaic: QUALCOMM,
};

function accelVendor(vendorId: number | null, driver: string | null): AccelVendor | null {
  return (vendorId === null ? undefined : PCI_VENDORS[vendorId]) ??
    (driver === null ? undefined : DRIVER_VENDORS[driver]) ?? null;
}

export function accelVendorOf(vendorId: number | null, driver: string | null): Vendor {
  return accelVendor(vendorId, driver)?.vendor ?? "other";
}

function hex4(id: number): string {
  return id.toString(16).padStart(4, "0");
}

/**
 * "<Vendor> NPU vvvv:dddd" from the PCI ids; "<Vendor> NPU (<driver>)" off PCI; null when
 * neither ids nor driver are known.
 */
export function accelDeviceName(
  vendorId: number | null,
  deviceId: number | null,
  driver: string | null,
): string | null {
  const label = accelVendor(vendorId, driver)?.label;
  const prefix = label === undefined ? "NPU" : `${label} NPU`;
  if (vendorId !== null && deviceId !== null) {
    return `${prefix} ${hex4(vendorId)}:${hex4(deviceId)}`;
  }
  return driver === null ? null : `${prefix} (${driver})`;
}
