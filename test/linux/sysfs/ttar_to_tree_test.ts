import assert from "node:assert/strict";
import { entriesUnder, parseTtar } from "./ttar_to_tree.ts";

const SAMPLE = [
  "# source: a comment",
  "Directory: fixtures/sys/class/drm/card0",
  "Mode: 755",
  "# ttar - - - -",
  "Path: fixtures/sys/class/drm/card0/device/pp_dpm_mclk",
  "Lines: 2",
  "0: 167Mhz *",
  "1: 500Mhz ",
  "Mode: 644",
  "# ttar - - - -",
  "Path: fixtures/sys/class/drm/card0/device/product_name",
  "Lines: 1",
  "",
  "Mode: 444",
  "# ttar - - - -",
  "Path: fixtures/sys/class/drm/card0/device/edid",
  "Lines: 1",
  "aNULLBYTEbEOF",
  "Mode: 444",
  "# ttar - - - -",
  "Path: fixtures/sys/class/drm/card0/device/driver",
  "SymlinkTo: ../../../../bus/pci/drivers/amdgpu",
  "",
].join("\n");

Deno.test("parseTtar: directories, files (trailing spaces kept), NULLBYTE, EOF, links", () => {
  assert.deepEqual(parseTtar(SAMPLE), [
    { kind: "dir", path: "fixtures/sys/class/drm/card0", mode: 0o755 },
    {
      kind: "file",
      path: "fixtures/sys/class/drm/card0/device/pp_dpm_mclk",
      content: "0: 167Mhz *\n1: 500Mhz \n",
      mode: 0o644,
    },
    {
      kind: "file",
      path: "fixtures/sys/class/drm/card0/device/product_name",
      content: "\n",
      mode: 0o444,
    },
    {
      kind: "file",
      path: "fixtures/sys/class/drm/card0/device/edid",
      content: "a\0b",
      mode: 0o444,
    },
    {
      kind: "symlink",
      path: "fixtures/sys/class/drm/card0/device/driver",
      target: "../../../../bus/pci/drivers/amdgpu",
    },
  ]);
});

Deno.test("entriesUnder strips the prefix and drops what is outside it", () => {
  const under = entriesUnder(parseTtar(SAMPLE), "fixtures/sys/class/drm/card0/device");
  assert.deepEqual(under.map((e) => e.path), ["pp_dpm_mclk", "product_name", "edid", "driver"]);
});
