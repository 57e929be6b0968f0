/**
 * The words a device's health is told in, shared by every vendor so that one word means one
 * thing whoever reported it (the mapping from each vendor's reasons is in its reader).
 */

/** Why clocks are held below what the device could run at (`clockEventReasons`). */
export const CLOCK_EVENT_REASONS = [
  "idle",
  "application-setting",
  "power-cap",
  "current-limit",
  "thermal",
  "hardware-slowdown",
  "power-brake",
  "sync-boost",
  "display",
  "other",
] as const;

export type ClockEventReason = typeof CLOCK_EVENT_REASONS[number];

/** The overall verdict (`health`); see `device_health.ts` for the rule. */
export const HEALTH_STATES = ["ok", "warning", "critical"] as const;

export type HealthState = typeof HEALTH_STATES[number];
