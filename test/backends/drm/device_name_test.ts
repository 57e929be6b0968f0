import assert from "node:assert/strict";
import { deviceName, vendorOf } from "../../../src/backends/drm/device_name.ts";

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
