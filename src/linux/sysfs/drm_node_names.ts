/**
 * The names of the sysfs class entries that are devices: `card<N>` in `class/drm` (not its
 * connectors `card0-DP-1`, render nodes or `version`) and `accel<N>` in `class/accel`. One
 * definition for the listings (`drm_cards.ts`, `accel_devices.ts`) and for the drm backend's
 * cheap "nothing there" check, which must never disagree with them.
 */

/** `card0`; the number is the first group. */
export const CARD_NAME = /^card(\d+)$/;
/** `accel0`; the number is the first group. */
export const ACCEL_NAME = /^accel(\d+)$/;
