import assert from "node:assert/strict";
import { join } from "node:path";
import { pcieGenerationOfSpeed, readPcieLink } from "../../../src/linux/sysfs/pcie_link.ts";
import { pciDir, scratchSys } from "./fixture_tree.ts";

Deno.test("link speed text → PCIe generation (the Vega capture's '8.0 GT/s PCIe' is Gen 3)", () => {
  assert.equal(pcieGenerationOfSpeed("2.5 GT/s PCIe"), 1);
  assert.equal(pcieGenerationOfSpeed("5.0 GT/s PCIe"), 2);
  assert.equal(pcieGenerationOfSpeed("8.0 GT/s PCIe"), 3);
  assert.equal(pcieGenerationOfSpeed("8 GT/s"), 3); // older kernels
  assert.equal(pcieGenerationOfSpeed("16.0 GT/s PCIe"), 4);
  assert.equal(pcieGenerationOfSpeed("32.0 GT/s PCIe\n"), 5);
  assert.equal(pcieGenerationOfSpeed("64.0 GT/s PCIe"), 6);
  assert.equal(pcieGenerationOfSpeed("Unknown"), null);
  assert.equal(pcieGenerationOfSpeed("12.0 GT/s PCIe"), null);
  assert.equal(pcieGenerationOfSpeed(""), null);
});

Deno.test("readPcieLink: current and max from the PCI function's files; width 0 is unknown", () => {
  const scratch = scratchSys("amdgpu-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    // The Vega capture: 8.0 GT/s PCIe x16, current and max.
    assert.deepEqual(readPcieLink(dir), {
      generation: 3,
      width: 16,
      generationMax: 3,
      widthMax: 16,
    });
    Deno.writeTextFileSync(join(dir, "current_link_speed"), "2.5 GT/s PCIe\n");
    Deno.writeTextFileSync(join(dir, "current_link_width"), "8\n");
    Deno.writeTextFileSync(join(dir, "max_link_speed"), "16.0 GT/s PCIe\n");
    Deno.writeTextFileSync(join(dir, "max_link_width"), "0\n");
    assert.deepEqual(readPcieLink(dir), {
      generation: 1,
      width: 8,
      generationMax: 4,
      widthMax: null,
    });
  } finally {
    scratch.dispose();
  }
});

Deno.test("readPcieLink: no link files (a SoC bridge, an old kernel) → every value null", () => {
  const scratch = scratchSys("xe-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    assert.deepEqual(readPcieLink(dir), {
      generation: null,
      width: null,
      generationMax: null,
      widthMax: null,
    });
  } finally {
    scratch.dispose();
  }
});
