/** The size past which an fdinfo text is skipped, not parsed (see `scan_drm_clients.ts`). */
import { VALUE_CAP_BYTES } from "../bounded_read.ts";

/** fdinfo texts longer than this are skipped, not parsed (see `scan_drm_clients.ts`). */
export const FDINFO_CAP_BYTES = VALUE_CAP_BYTES;
