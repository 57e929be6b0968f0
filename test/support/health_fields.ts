/** The device fields GPU health adds (issue #19's list), and a device cut down to them. */
import type { Device } from "../../src/model/types.ts";

export const HEALTH_KEYS = [
  "pcieGeneration",
  "pcieWidth",
  "pcieGenerationMax",
  "pcieWidthMax",
  "pcieReplayCount",
  "eccEnabled",
  "eccErrors",
  "retiredPages",
  "retirementPending",
  "retirementFailed",
  "clockEventReasons",
  "health",
  "healthReasons",
] as const;

/** Only the health fields of `device` (each undefined when there is no device). */
export function healthOf(device: Device | undefined): Record<string, unknown> {
  return Object.fromEntries(HEALTH_KEYS.map((key) => [key, device?.[key]]));
}
