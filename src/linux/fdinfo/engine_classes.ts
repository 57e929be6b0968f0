/**
 * Engine class names differ per driver: i915 says `render`, amdgpu `gfx`, xe `rcs`. Output
 * uses one canonical set so a user sees the same column on every GPU:
 *
 * | canonical       | i915          | amdgpu                                 | xe   |
 * |-----------------|---------------|----------------------------------------|------|
 * | `render`        | render        | gfx                                    | rcs  |
 * | `copy`          | copy          | dma (SDMA)                             | bcs  |
 * | `video`         | video         | dec, enc, enc_1, jpeg (UVD/VCE/VCN)    | vcs  |
 * | `video-enhance` | video-enhance | vpe (Video Processing Engine)          | vecs |
 * | `compute`       | compute       | compute                                | ccs  |
 *
 * The aliases `sdma`, `vcn` and `comp` used by other tools map the same way. A class
 * not in the table keeps its own name (panfrost `fragment`, v3d `bin`, msm `gpu`, …).
 */
const CANONICAL: Record<string, string> = {
  render: "render",
  gfx: "render",
  rcs: "render",
  copy: "copy",
  dma: "copy",
  sdma: "copy",
  bcs: "copy",
  video: "video",
  vcs: "video",
  dec: "video",
  enc: "video",
  "enc_1": "video",
  vcn: "video",
  jpeg: "video",
  "video-enhance": "video-enhance",
  vecs: "video-enhance",
  vpe: "video-enhance",
  compute: "compute",
  ccs: "compute",
  comp: "compute",
};

/** The canonical class of a raw fdinfo engine name; unknown names are kept as they are. */
export function canonicalEngineClass(raw: string): string {
  return Object.hasOwn(CANONICAL, raw) ? CANONICAL[raw] ?? raw : raw;
}

/**
 * Folds raw-class percentages into canonical classes. When two raw classes land on one
 * canonical class (amdgpu `dec` and `enc` → `video`) the larger wins, not the sum: they are
 * separate hardware engines, each already a share of its own capacity, so adding them could
 * pass 100 % while neither engine is saturated; the busiest one is what "video busy" means.
 */
export function toCanonicalEngines(raw: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, percent] of Object.entries(raw)) {
    const canonical = canonicalEngineClass(name);
    out[canonical] = Math.max(out[canonical] ?? 0, percent);
  }
  return out;
}
