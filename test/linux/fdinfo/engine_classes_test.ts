import assert from "node:assert/strict";
import {
  canonicalEngineClass,
  toCanonicalEngines,
} from "../../../src/linux/fdinfo/engine_classes.ts";

Deno.test("canonicalEngineClass: i915, amdgpu and xe names meet in one set", () => {
  const cases: Record<string, string[]> = {
    render: ["render", "gfx", "rcs"],
    copy: ["copy", "dma", "sdma", "bcs"],
    video: ["video", "vcs", "dec", "enc", "enc_1", "vcn", "jpeg"],
    "video-enhance": ["video-enhance", "vecs", "vpe"],
    compute: ["compute", "ccs", "comp"],
  };
  for (const [canonical, raws] of Object.entries(cases)) {
    for (const raw of raws) assert.equal(canonicalEngineClass(raw), canonical, raw);
  }
});

Deno.test("canonicalEngineClass: unknown classes keep their own name", () => {
  for (const raw of ["fragment", "vertex-tiler", "bin", "gpu", "npu-amdxdna", "panthor"]) {
    assert.equal(canonicalEngineClass(raw), raw);
  }
});

Deno.test("toCanonicalEngines: raw classes sharing a canonical one take the max", () => {
  // amdgpu dec 40 % and enc 15 % are separate engines: video is 40, not 55.
  assert.deepEqual(
    toCanonicalEngines({ gfx: 12.5, dec: 40, enc: 15, jpeg: 3, dma: 0, fragment: 7 }),
    { render: 12.5, video: 40, copy: 0, fragment: 7 },
  );
  assert.deepEqual(toCanonicalEngines({}), {});
});
