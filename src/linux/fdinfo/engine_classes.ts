/**
 * Engine class names differ per driver: i915 says `render`, amdgpu `gfx`, xe `rcs`. Output
 * uses one canonical set so a user sees the same column on every GPU:
 *
 * | canonical       | i915          | amdgpu                              | xe   | SoC GPUs                                    |
 * |-----------------|---------------|-------------------------------------|------|---------------------------------------------|
 * | `render`        | render        | gfx                                 | rcs  | v3d render, panfrost fragment, lima pp      |
 * | `copy`          | copy          | dma (SDMA)                          | bcs  | v3d tfu (texture formatting unit, a blitter) |
 * | `video`         | video         | dec, enc, enc_1, jpeg (UVD/VCE/VCN) | vcs  |                                             |
 * | `video-enhance` | video-enhance | vpe (Video Processing Engine)       | vecs |                                             |
 * | `compute`       | compute       | compute                             | ccs  | v3d csd (compute shader dispatch)           |
 *
 * The aliases `sdma`, `vcn` and `comp` used by other tools map the same way. A class that
 * fits none keeps the driver's own name, so any driver, known or not, is shown with its raw
 * classes: panfrost `vertex-tiler`, v3d `bin` and `cache_clean`, lima `gp` (geometry), msm
 * `gpu` and panthor `panthor` (one counter for the whole GPU: it runs graphics and compute
 * alike, so calling it `render` would mislead), amdxdna `npu-amdxdna`.
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
  // SoC GPUs (see the table above). Lima `pp` is its pixel processor, panfrost `fragment`
  // its fragment (pixel) job slot.
  fragment: "render",
  pp: "render",
  tfu: "copy",
  csd: "compute",
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

/** `toCanonicalEngines`, each class then clamped to 100, in one pass and one object. */
export function toCanonicalEnginesClamped(raw: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name in raw) {
    const canonical = canonicalEngineClass(name);
    out[canonical] = Math.max(out[canonical] ?? 0, Math.min(100, raw[name]!));
  }
  return out;
}
