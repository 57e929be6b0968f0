import assert from "node:assert/strict";
import {
  canonicalEngineClass,
  toCanonicalEngines,
} from "../../../src/linux/fdinfo/engine_classes.ts";

Deno.test("canonicalEngineClass: i915, amdgpu, xe and SoC GPU names meet in one set", () => {
  const cases: Record<string, string[]> = {
    // v3d render, panfrost fragment, lima pp
    render: ["render", "gfx", "rcs", "fragment", "pp"],
    // v3d tfu
    copy: ["copy", "dma", "sdma", "bcs", "tfu"],
    video: ["video", "vcs", "dec", "enc", "enc_1", "vcn", "jpeg"],
    "video-enhance": ["video-enhance", "vecs", "vpe"],
    // v3d csd
    compute: ["compute", "ccs", "comp", "csd"],
  };
  for (const [canonical, raws] of Object.entries(cases)) {
    for (const raw of raws) assert.equal(canonicalEngineClass(raw), canonical, raw);
  }
});

Deno.test("canonicalEngineClass: unknown classes keep their own name", () => {
  const raws = ["vertex-tiler", "bin", "cache_clean", "gp", "gpu", "npu-amdxdna", "panthor"];
  for (const raw of raws) {
    assert.equal(canonicalEngineClass(raw), raw);
  }
});

Deno.test("toCanonicalEngines: raw classes sharing a canonical one take the max", () => {
  // amdgpu dec 40 % and enc 15 % are separate engines: video is 40, not 55.
  assert.deepEqual(
    toCanonicalEngines({ gfx: 12.5, dec: 40, enc: 15, jpeg: 3, dma: 0, bin: 7 }),
    { render: 12.5, video: 40, copy: 0, bin: 7 },
  );
  // panfrost: fragment 30 % → render; vertex-tiler keeps its name.
  assert.deepEqual(toCanonicalEngines({ fragment: 30, "vertex-tiler": 2 }), {
    render: 30,
    "vertex-tiler": 2,
  });
  assert.deepEqual(toCanonicalEngines({}), {});
});
