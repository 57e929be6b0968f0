/**
 * `GPUTOP_MACMON_TIMEOUT_MS`, how long one macmon run may take: the one reader of the variable,
 * shared by the macmon backend (which runs with it) and the CLI (which refuses a bad value as
 * a usage error before a command that would run macmon starts). Here, in model/, because both
 * of those layers may import it and neither may import the other.
 */

export const MACMON_TIMEOUT_VARIABLE = "GPUTOP_MACMON_TIMEOUT_MS";
/** Before 0.8 macmon starts by running `system_profiler`, which can take seconds. */
export const DEFAULT_MACMON_TIMEOUT_MS = 10_000;
/** 24 h, the longest duration any option of gputop takes. */
export const MAX_MACMON_TIMEOUT_MS = 86_400_000;

export type MacmonTimeout =
  | { ok: true; ms: number }
  /** `text`: the variable's value as given. */
  | { ok: false; text: string };

/**
 * Unset or empty: the default. Otherwise a whole number of milliseconds from 1 to 24 h,
 * written as digits only (no sign, unit, fraction or surrounding space), as strictly as a flag.
 */
export function readMacmonTimeout(text: string | undefined): MacmonTimeout {
  if (text === undefined || text === "") return { ok: true, ms: DEFAULT_MACMON_TIMEOUT_MS };
  const ms = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  return ms >= 1 && ms <= MAX_MACMON_TIMEOUT_MS ? { ok: true, ms } : { ok: false, text };
}

/** The one-line usage message for a value `readMacmonTimeout` refused. */
export function invalidMacmonTimeoutMessage(text: string): string {
  return `invalid value for ${MACMON_TIMEOUT_VARIABLE}: '${text}' ` +
    `(expected a whole number of milliseconds, 1 to ${MAX_MACMON_TIMEOUT_MS})`;
}
