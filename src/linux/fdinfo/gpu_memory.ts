/**
 * Which fdinfo memory regions are the GPU's own memory. Region names per driver
 * (reference §4.5): amdgpu `vram`, `gtt`, `cpu` (+ `gds`, `gws`, `oa`, …); i915 `system0`,
 * `local0`, `stolen-system0`, `stolen-local0`; xe `system`, `gtt`, `vram0`, `vram1`,
 * `stolen`; panfrost/panthor `memory` (system memory, a reserved name).
 */

/**
 * Device-local regions: amdgpu `vram`, i915 `local<N>` / `stolen-local<N>`, xe `vram<N>`,
 * and xe `stolen` (on a discrete xe card the stolen range is carved out of VRAM; qmassa
 * counts it as device memory too).
 */
const DEVICE_LOCAL = /^(?:vram\d*|local\d*|stolen-local\d*|stolen)$/;

export function isDeviceLocalRegion(region: string): boolean {
  return DEVICE_LOCAL.test(region);
}

/**
 * GPU memory of one process from its per-region bytes. Discrete: the sum of device-local
 * regions, null when none of them is present (a figure for system memory alone would not be
 * "GPU memory"). Integrated (memory is shared with the CPU): the sum of every region. Null
 * when there are no regions at all.
 */
export function gpuMemoryFromRegions(
  regions: Record<string, number> | null,
  integrated: boolean,
): number | null {
  if (regions === null) return null;
  let total: number | null = null;
  for (const [name, bytes] of Object.entries(regions)) {
    if (integrated || isDeviceLocalRegion(name)) total = (total ?? 0) + bytes;
  }
  return total;
}
