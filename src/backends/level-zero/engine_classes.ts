/**
 * Level Zero engine groups → the canonical engine classes fdinfo uses
 * (src/linux/fdinfo/engine_classes.ts), so a Level Zero card shows the same columns as a
 * DRM one. Only the `*_ALL` groups count: the header warns that `*_SINGLE` engines may share
 * hardware, so summing or averaging them misstates the load.
 *
 * | Level Zero group                    | class     |
 * |-------------------------------------|-----------|
 * | RENDER_ALL (then 3D_RENDER_COMPUTE_ALL, then 3D_ALL) | `render`  |
 * | COMPUTE_ALL (what Intel calls XMX / AI load)          | `compute` |
 * | COPY_ALL                            | `copy`    |
 * | MEDIA_ALL                           | `video`   |
 * | ALL                                 | the device's `utilizationPercent` |
 */
import { EngineGroup, EngineTypeFlag } from "./types.ts";

/** Group types per class, preferred first. */
export const ENGINE_CLASS_GROUPS: ReadonlyArray<readonly [string, readonly number[]]> = [
  ["render", [EngineGroup.RENDER_ALL, EngineGroup.RENDER_COMPUTE_ALL, EngineGroup.THREE_D_ALL]],
  ["compute", [EngineGroup.COMPUTE_ALL]],
  ["copy", [EngineGroup.COPY_ALL]],
  ["video", [EngineGroup.MEDIA_ALL]],
];

/**
 * A process's engine set as the process `type`: compute only → `compute`; 3D or render
 * only → `graphics`; both → `compute+graphics`; otherwise (media, copy, none) null.
 */
export function processType(flags: number): "compute" | "graphics" | "compute+graphics" | null {
  const compute = (flags & EngineTypeFlag.COMPUTE) !== 0;
  const graphics = (flags & (EngineTypeFlag.THREE_D | EngineTypeFlag.RENDER)) !== 0;
  if (compute && graphics) return "compute+graphics";
  if (compute) return "compute";
  if (graphics) return "graphics";
  return null;
}
