import assert from "node:assert/strict";
import { join } from "node:path";
import {
  parseBadPages,
  parseErrCount,
  readAmdgpuBadPages,
  readAmdgpuEccCounts,
} from "../../../src/linux/sysfs/amdgpu_ras.ts";
import { pciDir, scratchSys } from "./fixture_tree.ts";

Deno.test("parseErrCount: ue/ce lines; neither → null", () => {
  assert.deepEqual(parseErrCount("ue: 2\nce: 15\n"), { corrected: 15, uncorrected: 2 });
  assert.deepEqual(parseErrCount("ce: 4\n"), { corrected: 4, uncorrected: 0 });
  assert.equal(parseErrCount("garbage\n"), null);
  assert.equal(parseErrCount("ue: -1\n"), null);
});

Deno.test("parseBadPages: pfn : size : flags lines by flag; other lines skipped", () => {
  const text = [
    "0x00000001 : 0x00001000 : R",
    "0x00000002 : 0x00001000 : R",
    "0x00000003 : 0x00001000 : P",
    "0x00000004 : 0x00001000 : F",
    "not a page line",
    "",
  ].join("\n");
  assert.deepEqual(parseBadPages(text), { retired: 2, pending: 1, failed: 1 });
  assert.deepEqual(parseBadPages(""), { retired: 0, pending: 0, failed: 0 });
});

Deno.test("amdgpu ras/: counts summed over blocks; no ras/ directory → null", () => {
  const scratch = scratchSys("amdgpu-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    assert.equal(readAmdgpuEccCounts(dir), null);
    assert.equal(readAmdgpuBadPages(dir), null);
    Deno.mkdirSync(join(dir, "ras"));
    Deno.writeTextFileSync(join(dir, "ras", "umc_err_count"), "ue: 2\nce: 10\n");
    Deno.writeTextFileSync(join(dir, "ras", "gfx_err_count"), "ue: 0\nce: 5\n");
    Deno.writeTextFileSync(join(dir, "ras", "features"), "feature mask: 0x3\n");
    Deno.writeTextFileSync(join(dir, "ras", "gpu_vram_bad_pages"), "0x1 : 0x1000 : R\n");
    assert.deepEqual(readAmdgpuEccCounts(dir), { corrected: 15, uncorrected: 2 });
    assert.deepEqual(readAmdgpuBadPages(dir), { retired: 1, pending: 0, failed: 0 });
  } finally {
    scratch.dispose();
  }
});
