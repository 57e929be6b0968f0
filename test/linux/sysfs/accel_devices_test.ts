/**
 * `/sys/class/accel` enumeration on the npu-amdxdna tree (values from
 * fixtures/linux/README-accel.md) and on scratch copies with a node broken by hand.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { listAccelDevices } from "../../../src/linux/sysfs/accel_devices.ts";
import { copyTree, sysRootOf } from "./fixture_tree.ts";

function scratch(edit: (sys: string) => void): { sys: string; dispose(): void } {
  const dir = Deno.makeTempDirSync({ prefix: "gputop-accel-" });
  const sys = join(dir, "sys");
  copyTree(sysRootOf("npu-amdxdna"), sys);
  edit(sys);
  return { sys, dispose: () => Deno.removeSync(dir, { recursive: true }) };
}

Deno.test("accel0 of npu-amdxdna: PCI address, driver, ids, runtime status", () => {
  const listing = listAccelDevices(sysRootOf("npu-amdxdna"));
  assert.equal(listing.withoutDevice, 0);
  assert.equal(listing.devices.length, 1);
  const device = listing.devices[0]!;
  assert.equal(device.name, "accel0");
  assert.equal(device.busId, "0000:c5:00.1");
  assert.equal(device.pciBusId, "0000:c5:00.1");
  assert.equal(device.driver, "amdxdna");
  assert.equal(device.vendorId, 0x1022);
  assert.equal(device.deviceId, 0x17f0);
  assert.equal(device.runtimeStatus, "active");
});

Deno.test("an accel node without a device link is skipped and counted", () => {
  const tree = scratch((sys) => Deno.mkdirSync(join(sys, "class", "accel", "accel1")));
  try {
    const listing = listAccelDevices(tree.sys);
    assert.deepEqual(listing.devices.map((d) => d.name), ["accel0"]);
    assert.equal(listing.withoutDevice, 1);
  } finally {
    tree.dispose();
  }
});

Deno.test("unreadable or garbled id files: the ids come from uevent, else stay unknown", () => {
  const tree = scratch((sys) => {
    const pci = join(sys, "devices", "pci0000:00", "0000:c5:00.1");
    Deno.writeTextFileSync(join(pci, "vendor"), "not hex\n");
    Deno.removeSync(join(pci, "device"));
    Deno.writeTextFileSync(join(pci, "uevent"), "DRIVER=amdxdna\n"); // no PCI_ID line
    Deno.removeSync(join(pci, "power", "runtime_status"));
  });
  try {
    const device = listAccelDevices(tree.sys).devices[0]!;
    assert.equal(device.vendorId, null);
    assert.equal(device.deviceId, null);
    assert.equal(device.runtimeStatus, null);
    assert.equal(device.driver, "amdxdna"); // the driver link is still there
  } finally {
    tree.dispose();
  }
});

Deno.test("no class/accel directory: no device, nothing counted", () => {
  const listing = listAccelDevices(sysRootOf("amdgpu-discrete"));
  assert.deepEqual(listing, { devices: [], withoutDevice: 0 });
});
