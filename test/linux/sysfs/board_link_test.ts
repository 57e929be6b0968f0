/**
 * An AMD GPU behind its board's own PCIe switch: the link comes from the switch's upstream
 * port (the topmost 0x1002 bridge), as amdgpu reads it; other devices keep their own files.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { boardLinkPath } from "../../../src/linux/sysfs/board_link.ts";
import { readPcieLink } from "../../../src/linux/sysfs/pcie_link.ts";

function pciDevice(dir: string, vendor: string, link: [string, number, string, number]): void {
  Deno.mkdirSync(dir, { recursive: true });
  const [speed, width, maxSpeed, maxWidth] = link;
  Deno.writeTextFileSync(join(dir, "vendor"), `${vendor}\n`);
  Deno.writeTextFileSync(join(dir, "current_link_speed"), `${speed}\n`);
  Deno.writeTextFileSync(join(dir, "current_link_width"), `${width}\n`);
  Deno.writeTextFileSync(join(dir, "max_link_speed"), `${maxSpeed}\n`);
  Deno.writeTextFileSync(join(dir, "max_link_width"), `${maxWidth}\n`);
}

/**
 * root port (AMD CPU, 0x1022) → board upstream port 0x1002 (trained x8 Gen 4 of x16 Gen 4:
 * a slot wired x8) → board downstream port 0x1002 → GPU 0x1002 (the internal link, x16 Gen 4).
 */
function boardTree(gpuVendor = "0x1002"): { root: string; gpu: string; byBus: string } {
  const root = Deno.makeTempDirSync({ prefix: "gputop-board-link-" });
  const rootPort = join(root, "devices/pci0000:00/0000:00:01.1");
  const upstream = join(rootPort, "0000:01:00.0");
  const downstream = join(upstream, "0000:02:00.0");
  const gpu = join(downstream, "0000:03:00.0");
  pciDevice(rootPort, "0x1022", ["16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16]);
  pciDevice(upstream, "0x1002", ["16.0 GT/s PCIe", 8, "16.0 GT/s PCIe", 16]);
  pciDevice(downstream, "0x1002", ["16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16]);
  pciDevice(gpu, gpuVendor, ["16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16]);
  Deno.mkdirSync(join(root, "bus/pci/devices"), { recursive: true });
  const byBus = join(root, "bus/pci/devices/0000:03:00.0");
  Deno.symlinkSync(
    "../../../devices/pci0000:00/0000:00:01.1/0000:01:00.0/0000:02:00.0/0000:03:00.0",
    byBus,
  );
  return { root, gpu, byBus };
}

Deno.test("an AMD GPU behind its board's switch: the upstream port's link, x8 of x16", () => {
  const { root, gpu, byBus } = boardTree();
  try {
    const upstream = Deno.realPathSync(join(gpu, "../.."));
    assert.equal(boardLinkPath(gpu), upstream);
    assert.equal(Deno.realPathSync(boardLinkPath(byBus)), upstream); // through the bus symlink
    assert.deepEqual(readPcieLink(byBus), {
      generation: 4,
      width: 8,
      generationMax: 4,
      widthMax: 16,
    });
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("another vendor's device keeps its own link files, whatever is above it", () => {
  const { root, gpu } = boardTree("0x10de");
  try {
    assert.equal(boardLinkPath(gpu), gpu);
    assert.equal(readPcieLink(gpu).width, 16);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
