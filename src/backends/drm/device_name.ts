/**
 * Vendor and display name of a DRM device from its PCI ids. Names come from the PCI ID
 * Repository (pciutils/pciids `pci.ids`, commit c1c12547d626, 2026-08-22), copied verbatim
 * for a few common GPUs only; any other device is named by its ids ("AMD GPU 1002:7550").
 * No marketing name is made up here.
 */
import type { Vendor } from "../../model/types.ts";

const VENDORS: Record<number, { vendor: Vendor; label: string }> = {
  0x1002: { vendor: "amd", label: "AMD" },
  0x8086: { vendor: "intel", label: "Intel" },
  0x10de: { vendor: "nvidia", label: "NVIDIA" },
};

/** `vendor:device` (4 lower-case hex digits each) → pci.ids device name. */
const PCI_NAMES: Record<string, string> = {
  "1002:687f": "Vega 10 XL/XT [Radeon RX Vega 56/64]",
  "1002:66af": "Vega 20 [Radeon VII]",
  "1002:73bf": "Navi 21 [Radeon RX 6800/6800 XT / 6900 XT]",
  "1002:744c": "Navi 31 [Radeon RX 7900 XT/7900 XTX/7900 GRE/7900M]",
  "1002:1681": "Rembrandt [Radeon 680M]",
  "1002:74a1": "Aqua Vanjaram [Instinct MI300X]",
  "8086:5917": "Kaby Lake-R GT2 [UHD Graphics 620]",
  "8086:3e92": "CoffeeLake-S GT2 [UHD Graphics 630]",
  "8086:46a6": "Alder Lake-P GT2 [Iris Xe Graphics]",
  "8086:7d55": "Meteor Lake-P [Intel Arc Graphics]",
  "8086:56a0": "DG2 [Arc A770]",
  "8086:e20b": "Battlemage G21 [Arc B580]",
};

export function vendorOf(vendorId: number | null): Vendor {
  return (vendorId === null ? undefined : VENDORS[vendorId]?.vendor) ?? "other";
}

function hex4(id: number): string {
  return id.toString(16).padStart(4, "0");
}

/**
 * The board's own name when it has one (amdgpu `product_name`), else the pci.ids name with
 * the vendor in front ("AMD Vega 10 XL/XT [...]"), else "<Vendor> GPU vvvv:dddd". Null only
 * when even the ids are unknown.
 */
export function deviceName(
  vendorId: number | null,
  deviceId: number | null,
  productName: string | null = null,
): string | null {
  if (productName !== null && productName.trim() !== "") return productName.trim();
  if (vendorId === null || deviceId === null) return null;
  const ids = `${hex4(vendorId)}:${hex4(deviceId)}`;
  const label = VENDORS[vendorId]?.label;
  const known = PCI_NAMES[ids];
  if (known !== undefined) return label ? `${label} ${known}` : known;
  return label ? `${label} GPU ${ids}` : `GPU ${ids}`;
}

/**
 * Vendor of a SoC GPU's driver (platform devices have no PCI vendor id). Upstream drivers
 * only; any other driver is "other".
 */
const DRIVER_VENDORS: Record<string, { vendor: Vendor; label: string }> = {
  panfrost: { vendor: "arm", label: "Arm Mali" },
  panthor: { vendor: "arm", label: "Arm Mali" },
  lima: { vendor: "arm", label: "Arm Mali" },
  msm: { vendor: "qualcomm", label: "Qualcomm Adreno" },
  v3d: { vendor: "broadcom", label: "Broadcom VideoCore" },
  vc4: { vendor: "broadcom", label: "Broadcom VideoCore" },
  etnaviv: { vendor: "vivante", label: "Vivante" },
  asahi: { vendor: "apple", label: "Apple" },
  powervr: { vendor: "imagination", label: "Imagination PowerVR" },
};

/**
 * The DRM driver's name from the platform driver bound to the card's device, where they
 * differ: msm's card hangs off the display processor (`msm_dpu`, `msm_mdp4`, `msm_mdp5`),
 * vc4's platform driver is `vc4-drm`. fdinfo's `drm-driver` uses the DRM name.
 */
export function drmDriverName(platformDriver: string | null): string | null {
  if (platformDriver === null) return null;
  if (/^msm[_-]/.test(platformDriver)) return "msm";
  if (platformDriver === "vc4-drm") return "vc4";
  return platformDriver;
}

export function vendorOfDriver(driver: string | null): Vendor {
  return (driver === null ? undefined : DRIVER_VENDORS[driver]?.vendor) ?? "other";
}

/**
 * A SoC GPU's name: the vendor's family label and the device tree's most specific
 * `compatible` string ("Arm Mali rockchip,rk3588-mali"), since the kernel gives no marketing
 * name and none is made up here. Without `compatible` (ACPI, or etnaviv's virtual device):
 * "<label> (<driver>)". Null when even the driver is unknown.
 */
export function platformDeviceName(
  compatible: readonly string[],
  driver: string | null,
): string | null {
  const label = driver === null ? undefined : DRIVER_VENDORS[driver]?.label;
  const first = compatible[0];
  if (first !== undefined) return label ? `${label} ${first}` : first;
  if (driver === null) return null;
  return label ? `${label} (${driver})` : `GPU (${driver})`;
}
