import assert from "node:assert/strict";
import { join } from "node:path";
import {
  parseDpmTable,
  readAmdgpuActivity,
  readAmdgpuMemory,
  readAmdgpuProductName,
} from "../../../src/linux/sysfs/amdgpu.ts";
import { pciDir, scratchSys, sysRootOf } from "./fixture_tree.ts";

const VEGA = pciDir(sysRootOf("amdgpu-discrete"), "0000:03:00.0");
const APU = pciDir(sysRootOf("amdgpu-apu"), "0000:04:00.0");

Deno.test("Vega memory: the captured mem_info_* values, in bytes", () => {
  assert.deepEqual(readAmdgpuMemory(VEGA), {
    vramTotalBytes: 8573157376, // mem_info_vram_total 8573157376 in the Vega ttar
    vramUsedBytes: 1490378752, // mem_info_vram_used 1490378752
    gttTotalBytes: 8573157376, // mem_info_gtt_total 8573157376
    gttUsedBytes: 144560128, // mem_info_gtt_used 144560128
  });
});

Deno.test("Vega activity: busy percent and the starred DPM levels", () => {
  assert.deepEqual(readAmdgpuActivity(VEGA), {
    gpuBusyPercent: 4, // gpu_busy_percent 4 in the Vega ttar
    memBusyPercent: null, // Vega 10 has no mem_busy_percent (hidden for GC 9.0.1)
    sclk: { currentMHz: 852, maxMHz: 1630 }, // "0: 852Mhz *" … "7: 1630Mhz "
    mclk: { currentMHz: 167, maxMHz: 945 }, // "0: 167Mhz *" … "3: 945Mhz "
  });
});

Deno.test("pp_dpm_sclk of the tuxedo capture: trailing spaces, star on level 1", () => {
  // "0: 200Mhz  " / "1: 400Mhz *" / "2: 1900Mhz  "
  const text = Deno.readTextFileSync(join(APU, "pp_dpm_sclk"));
  assert.deepEqual(text, "0: 200Mhz  \n1: 400Mhz *\n2: 1900Mhz  \n");
  assert.deepEqual(parseDpmTable(text), { currentMHz: 400, maxMHz: 1900 });
});

Deno.test("parseDpmTable: deep-sleep level, no star, MHz spelling, garbage", () => {
  assert.deepEqual(parseDpmTable("S: 19Mhz *\n0: 500Mhz \n1: 2100Mhz \n"), {
    currentMHz: 19,
    maxMHz: 2100,
  });
  // a power-gated domain at idle marks no level: current unknown, max still known
  assert.deepEqual(parseDpmTable("0: 96Mhz \n1: 1000Mhz \n"), { currentMHz: null, maxMHz: 1000 });
  assert.deepEqual(parseDpmTable("0: 400MHz *\n"), { currentMHz: 400, maxMHz: 400 });
  assert.deepEqual(parseDpmTable("OD_SCLK:\nnothing here\n"), null);
  assert.deepEqual(parseDpmTable(""), null);
  assert.deepEqual(parseDpmTable(null), null);
});

Deno.test("mem_busy_percent is read where the driver shows it; out-of-range is null", () => {
  const scratch = scratchSys("amdgpu-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.writeTextFileSync(join(dir, "mem_busy_percent"), "12\n");
    Deno.writeTextFileSync(join(dir, "gpu_busy_percent"), "250\n");
    const activity = readAmdgpuActivity(dir);
    assert.deepEqual(activity.memBusyPercent, 12);
    assert.deepEqual(activity.gpuBusyPercent, null);
  } finally {
    scratch.dispose();
  }
});

Deno.test("product_name: empty in the Vega capture → null; a FRU name is used as is", () => {
  assert.deepEqual(readAmdgpuProductName(VEGA), null);
  const scratch = scratchSys("amdgpu-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.writeTextFileSync(join(dir, "product_name"), "AMD Instinct MI210\n");
    assert.deepEqual(readAmdgpuProductName(dir), "AMD Instinct MI210");
  } finally {
    scratch.dispose();
  }
});

Deno.test("APU memory (invented values, see README-sys.md)", () => {
  assert.deepEqual(readAmdgpuMemory(APU), {
    vramTotalBytes: 536870912,
    vramUsedBytes: 197132288,
    gttTotalBytes: 16106127360,
    gttUsedBytes: 1073741824,
  });
});
