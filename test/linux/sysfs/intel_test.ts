import assert from "node:assert/strict";
import { join } from "node:path";
import {
  readI915Frequencies,
  readXeFrequencies,
  readXeVramTotal,
} from "../../../src/linux/sysfs/intel.ts";
import { pciDir, scratchSys, sysRootOf } from "./fixture_tree.ts";

const I915_CARD = join(sysRootOf("i915-integrated"), "class", "drm", "card1");
const XE = pciDir(sysRootOf("xe-discrete"), "0000:03:00.0");

Deno.test("i915: legacy device-level frequency files (invented values)", () => {
  // gt_act_freq_mhz 350, gt_cur_freq_mhz 350, gt_max_freq_mhz 1100, gt_min_freq_mhz 300
  assert.deepEqual(readI915Frequencies(I915_CARD), {
    actualMHz: 350,
    requestedMHz: 350,
    maxMHz: 1100,
    minMHz: 300,
  });
});

Deno.test("i915: the min clock from gt_min_freq_mhz alone (an older kernel: no gt/ directory)", () => {
  const scratch = scratchSys("i915-integrated");
  try {
    const card = join(scratch.root, "class", "drm", "card1");
    Deno.removeSync(join(card, "gt"), { recursive: true });
    assert.deepEqual(readI915Frequencies(card), {
      actualMHz: 350,
      requestedMHz: 350,
      maxMHz: 1100,
      minMHz: 300,
    });
  } finally {
    scratch.dispose();
  }
});

Deno.test("i915: per-GT rps_* files when the legacy ones are absent", () => {
  const scratch = scratchSys("i915-integrated");
  try {
    const card = join(scratch.root, "class", "drm", "card1");
    for (const kind of ["act", "cur", "max", "min"]) {
      Deno.removeSync(join(card, `gt_${kind}_freq_mhz`));
    }
    Deno.writeTextFileSync(join(card, "gt", "gt0", "rps_act_freq_mhz"), "0\n"); // RC6
    Deno.writeTextFileSync(join(card, "gt", "gt0", "rps_min_freq_mhz"), "450\n"); // raised
    assert.deepEqual(readI915Frequencies(card), {
      actualMHz: 0,
      requestedMHz: 350,
      maxMHz: 1100,
      minMHz: 450,
    });
  } finally {
    scratch.dispose();
  }
});

Deno.test("xe: gt0 (primary GT) is reported, not the captured media GT gt1", () => {
  // invented gt0: act 2350, cur 2400, max 2850 (captured gt1: act 0, cur 1200, max 1500)
  assert.deepEqual(readXeFrequencies(XE), {
    actualMHz: 2350,
    requestedMHz: 2400,
    maxMHz: 2850,
    minMHz: null,
  });
});

Deno.test("xe: with only the media GT (gt1) readable, no graphics clock (null, not gt1's)", () => {
  const scratch = scratchSys("xe-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.removeSync(join(dir, "tile0", "gt0"), { recursive: true });
    // What is left is the LACT issue 893 capture (act 0, cur 1200, max 1500): gt1, whose
    // gtidle/name is gt1-mc (media C-state). Its clock is the media engines', not graphics.
    const none = { actualMHz: null, requestedMHz: null, maxMHz: null, minMHz: null };
    assert.deepEqual(readXeFrequencies(dir), none);
    // Without gtidle, engines/ tells: only video classes → media.
    Deno.removeSync(join(dir, "tile0", "gt1", "gtidle"), { recursive: true });
    for (const engine of ["vcs", "vecs"]) {
      Deno.mkdirSync(join(dir, "tile0", "gt1", "engines", engine), { recursive: true });
    }
    assert.deepEqual(readXeFrequencies(dir), none);
    // Saying nothing at all: only gt0 is taken as primary, so gt1 still gives null.
    Deno.removeSync(join(dir, "tile0", "gt1", "engines"), { recursive: true });
    assert.deepEqual(readXeFrequencies(dir), none);
    // A GT whose engines include rcs is primary, whatever its number (its values are gt1's).
    Deno.mkdirSync(join(dir, "tile0", "gt1", "engines", "rcs"), { recursive: true });
    assert.deepEqual(readXeFrequencies(dir), {
      actualMHz: 0,
      requestedMHz: 1200,
      maxMHz: 1500,
      minMHz: null,
    });
    Deno.removeSync(join(dir, "tile0"), { recursive: true });
    assert.deepEqual(readXeFrequencies(dir), none);
  } finally {
    scratch.dispose();
  }
});

Deno.test("xe VRAM: tile0 physical size; summed over tiles, either path form", () => {
  assert.deepEqual(readXeVramTotal(XE), 12884901888); // invented: 12 GiB
  const scratch = scratchSys("xe-discrete");
  try {
    const dir = pciDir(scratch.root, "0000:03:00.0");
    Deno.mkdirSync(join(dir, "tile1", "memory"), { recursive: true });
    Deno.writeTextFileSync(join(dir, "tile1", "memory", "physical_vram_size_bytes"), "1024\n");
    // 12884901888 + 1024 = 12884902912
    assert.deepEqual(readXeVramTotal(dir), 12884902912);
    // an integrated part has no tile VRAM files
    assert.deepEqual(readXeVramTotal(pciDir(sysRootOf("i915-integrated"), "0000:00:02.0")), null);
  } finally {
    scratch.dispose();
  }
});
