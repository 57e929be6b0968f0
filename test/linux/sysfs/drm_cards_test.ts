import assert from "node:assert/strict";
import { join } from "node:path";
import {
  isRuntimeSuspended,
  listDrmCards,
  parseHex,
  parseUevent,
} from "../../../src/linux/sysfs/drm_cards.ts";
import { copyTree, pciDir, scratchSys, sysRootOf } from "./fixture_tree.ts";
import { withTempDir } from "../../support/temp_dir.ts";

Deno.test("amdgpu-discrete: one PCI card with ids, driver, render node and PM state", () => {
  const cards = listDrmCards(sysRootOf("amdgpu-discrete"));
  assert.deepEqual(cards.length, 1);
  const card = cards[0]!;
  assert.deepEqual(card.name, "card0");
  // the card0/device link is ../../../0000:03:00.0
  assert.deepEqual(card.pciBusId, "0000:03:00.0");
  // driver link → ../../../bus/pci/drivers/amdgpu
  assert.deepEqual(card.driver, "amdgpu");
  // Vega ttar: vendor 0x1002, device 0x687f, subsystem_vendor 0x1043, subsystem_device 0x04c4
  assert.deepEqual(card.vendorId, 0x1002);
  assert.deepEqual(card.deviceId, 0x687f);
  assert.deepEqual(card.subsystemVendorId, 0x1043);
  assert.deepEqual(card.subsystemDeviceId, 0x04c4);
  assert.deepEqual(card.renderNode, "renderD128");
  assert.deepEqual(card.runtimeStatus, "active");
  assert.deepEqual(card.devicePath, join(sysRootOf("amdgpu-discrete"), "class/drm/card0/device"));
});

Deno.test("connectors, render nodes and the version file are not cards", () => {
  // class/drm holds card0, card0-DP-1, renderD128 and version
  const names = listDrmCards(sysRootOf("amdgpu-discrete")).map((c) => c.name);
  assert.deepEqual(names, ["card0"]);
  // i915 tree: card1 plus the captured connectors card1-DP-1 and card1-DP-5
  assert.deepEqual(listDrmCards(sysRootOf("i915-integrated")).map((c) => c.name), ["card1"]);
});

Deno.test("simpledrm on a platform device (no render node) is skipped; the APU is kept", () => {
  const cards = listDrmCards(sysRootOf("amdgpu-apu"));
  assert.deepEqual(cards.map((c) => [c.name, c.pciBusId, c.driver]), [
    ["card1", "0000:04:00.0", "amdgpu"],
  ]);
  assert.deepEqual(cards[0]!.renderNode, "renderD128");
});

Deno.test("i915: ids from the files derived from the captured uevent", () => {
  const [card] = listDrmCards(sysRootOf("i915-integrated"));
  // captured uevent: PCI_ID=8086:5917, PCI_SUBSYS_ID=17AA:2258, PCI_SLOT_NAME=0000:00:02.0
  assert.deepEqual(card?.pciBusId, "0000:00:02.0");
  assert.deepEqual(card?.driver, "i915");
  assert.deepEqual([card?.vendorId, card?.deviceId], [0x8086, 0x5917]);
  assert.deepEqual([card?.subsystemVendorId, card?.subsystemDeviceId], [0x17aa, 0x2258]);
});

Deno.test("mixed host: two cards in card order, each with its own render node", () => {
  const cards = listDrmCards(sysRootOf("mixed-two-gpus"));
  assert.deepEqual(cards.map((c) => [c.name, c.pciBusId, c.driver, c.renderNode]), [
    ["card0", "0000:00:02.0", "i915", "renderD128"],
    ["card1", "0000:03:00.0", "amdgpu", "renderD129"],
  ]);
});

Deno.test("xe and suspended trees", () => {
  const [xe] = listDrmCards(sysRootOf("xe-discrete"));
  assert.deepEqual([xe?.driver, xe?.vendorId, xe?.deviceId], ["xe", 0x8086, 0xe20b]);
  const [suspended] = listDrmCards(sysRootOf("suspended-gpu"));
  assert.deepEqual(suspended?.runtimeStatus, "suspended");
});

Deno.test("without a driver link or id files, uevent supplies driver and ids", () => {
  const scratch = scratchSys("amdgpu-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.removeSync(join(dir, "driver"));
    Deno.removeSync(join(dir, "vendor"));
    Deno.removeSync(join(dir, "device"));
    const [card] = listDrmCards(scratch.root);
    // Vega uevent: DRIVER=amdgpu, PCI_ID=1002:687F
    assert.deepEqual([card?.driver, card?.vendorId, card?.deviceId], ["amdgpu", 0x1002, 0x687f]);
  } finally {
    scratch.dispose();
  }
});

Deno.test("no class/drm at all: no cards, no error", () =>
  withTempDir((empty) => {
    assert.deepEqual(listDrmCards(empty), []);
    assert.deepEqual(listDrmCards(join(empty, "missing")), []);
  }));

Deno.test("parseUevent, parseHex, isRuntimeSuspended", () => {
  assert.deepEqual(parseUevent("DRIVER=xe\nPCI_ID=8086:E20B\n\nbad line\n"), {
    DRIVER: "xe",
    PCI_ID: "8086:E20B",
  });
  assert.deepEqual(parseUevent(null), {});
  assert.deepEqual(parseHex("0x1002\n"), 0x1002);
  assert.deepEqual(parseHex("687F"), 0x687f);
  assert.deepEqual(parseHex("nope"), null);
  assert.deepEqual(parseHex(undefined), null);
  assert.deepEqual(isRuntimeSuspended("suspended"), true);
  assert.deepEqual(isRuntimeSuspended("suspending"), true);
  assert.deepEqual(isRuntimeSuspended("active"), false);
  assert.deepEqual(isRuntimeSuspended(null), false);
});

Deno.test("a SoC GPU on the platform bus is a card; the display-only card beside it is not", () => {
  const sys = sysRootOf("panfrost-rk3399");
  const cards = listDrmCards(sys);
  // card0 is rockchip-drm's display subsystem: connectors, no render node.
  assert.deepEqual(cards.map((c) => c.name), ["card1"]);
  const card = cards[0]!;
  assert.deepEqual(card.bus, "platform");
  assert.deepEqual(card.busId, "ff9a0000.gpu");
  assert.deepEqual(card.pciBusId, null);
  assert.deepEqual(card.driver, "panfrost");
  assert.deepEqual(card.renderNode, "renderD128");
  // of_node/compatible is "rockchip,rk3399-mali\0arm,mali-t860\0"
  assert.deepEqual(card.compatible, ["rockchip,rk3399-mali", "arm,mali-t860"]);
  assert.deepEqual([card.vendorId, card.deviceId], [null, null]);
  assert.deepEqual(card.runtimeStatus, "active");
});

Deno.test("Raspberry Pi 4: v3d listed, vc4 (display only on BCM2711) not", () => {
  assert.deepEqual(
    listDrmCards(sysRootOf("v3d-rpi4")).map((c) => [c.name, c.busId, c.driver]),
    [["card0", "fec00000.v3d", "v3d"]],
  );
});

Deno.test("a platform card without a subsystem link is placed by its real path", () =>
  withTempDir((scratch) => {
    copyTree(sysRootOf("panthor-rk3588"), join(scratch, "sys"));
    const device = join(scratch, "sys/devices/platform/fb000000.gpu");
    Deno.removeSync(join(device, "subsystem"));
    Deno.removeSync(join(device, "of_node"));
    const [card] = listDrmCards(join(scratch, "sys"));
    assert.deepEqual([card?.busId, card?.compatible], ["fb000000.gpu", []]);
    // Without its render node the same card is display-only and not listed.
    Deno.removeSync(join(device, "drm/renderD128"), { recursive: true });
    assert.deepEqual(listDrmCards(join(scratch, "sys")), []);
  }));
