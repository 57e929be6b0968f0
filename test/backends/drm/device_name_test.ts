import assert from "node:assert/strict";
import {
  deviceName,
  drmDriverName,
  platformDeviceName,
  vendorOf,
  vendorOfDriver,
} from "../../../src/backends/drm/device_name.ts";

Deno.test("vendor from the PCI vendor id", () => {
  assert.equal(vendorOf(0x1002), "amd");
  assert.equal(vendorOf(0x8086), "intel");
  assert.equal(vendorOf(0x10de), "nvidia");
  assert.equal(vendorOf(0x1af4), "other"); // virtio
  assert.equal(vendorOf(null), "other");
});

Deno.test("name: product_name first, then the pci.ids table, then the ids", () => {
  assert.equal(deviceName(0x1002, 0x740f, "AMD Instinct MI210"), "AMD Instinct MI210");
  // empty product_name (the Vega capture) falls through to pci.ids: 687f Vega 10 XL/XT ...
  assert.equal(deviceName(0x1002, 0x687f, "  "), "AMD Vega 10 XL/XT [Radeon RX Vega 56/64]");
  assert.equal(deviceName(0x8086, 0x5917), "Intel Kaby Lake-R GT2 [UHD Graphics 620]");
  assert.equal(deviceName(0x8086, 0xe20b), "Intel Battlemage G21 [Arc B580]");
  // not in the table: ids only, 4 hex digits each
  assert.equal(deviceName(0x1002, 0x7550), "AMD GPU 1002:7550");
  assert.equal(deviceName(0x8086, 0x0bd5), "Intel GPU 8086:0bd5");
  assert.equal(deviceName(0x1af4, 0x1050), "GPU 1af4:1050");
  assert.equal(deviceName(null, 0x1050), null);
});

Deno.test("SoC GPUs: vendor from the driver, every upstream one", () => {
  const cases: [string | null, string][] = [
    ["panfrost", "arm"],
    ["panthor", "arm"],
    ["lima", "arm"],
    ["msm", "qualcomm"],
    ["v3d", "broadcom"],
    ["vc4", "broadcom"],
    ["etnaviv", "vivante"],
    ["asahi", "apple"],
    ["powervr", "imagination"],
    ["futuregpu", "other"],
    [null, "other"],
  ];
  for (const [driver, vendor] of cases) assert.equal(vendorOfDriver(driver), vendor, `${driver}`);
});

Deno.test("SoC GPUs: DRM driver name from the bound platform driver", () => {
  assert.equal(drmDriverName("msm_dpu"), "msm");
  assert.equal(drmDriverName("msm_mdp5"), "msm");
  assert.equal(drmDriverName("vc4-drm"), "vc4");
  assert.equal(drmDriverName("panfrost"), "panfrost");
  assert.equal(drmDriverName(null), null);
});

Deno.test("SoC GPUs: name = family label + most specific compatible; fallbacks", () => {
  assert.equal(
    platformDeviceName(["rockchip,rk3588-mali", "arm,mali-valhall-csf"], "panthor"),
    "Arm Mali rockchip,rk3588-mali",
  );
  assert.equal(platformDeviceName(["vendor,thing"], "futuregpu"), "vendor,thing");
  assert.equal(platformDeviceName([], "etnaviv"), "Vivante (etnaviv)");
  assert.equal(platformDeviceName([], "futuregpu"), "GPU (futuregpu)");
  assert.equal(platformDeviceName([], null), null);
});
