/**
 * The registry: every backend, in precedence order. Earlier entries win a device field
 * when two backends see the same device (see src/model/field_precedence.ts).
 * Importing this loads nothing: descriptors only create backends when asked.
 */
import type { BackendDescriptor } from "./backend.ts";
import { amdsmiBackend } from "./amdsmi/backend.ts";
import { drmBackend } from "./drm/backend.ts";
import { levelZeroBackend } from "./level-zero/backend.ts";
import { macmonBackend } from "./macmon/backend.ts";
import { nvidiaSmiBackend } from "./nvidia-smi/backend.ts";
import { nvmlBackend } from "./nvml/backend.ts";

export const BACKENDS: readonly BackendDescriptor[] = [
  nvmlBackend,
  nvidiaSmiBackend,
  levelZeroBackend,
  amdsmiBackend,
  drmBackend,
  macmonBackend,
];

export type { Backend, BackendContext, BackendDescriptor } from "./backend.ts";
