/** A number option of `gputop check`, checked against its limits; a bad one is a usage error. */
import { UsageError } from "../../platform/usage_error.ts";

export function parseNumber(
  flag: string,
  text: string,
  limits: { integer?: boolean; max?: number; negative?: boolean },
): number {
  const sign = limits.negative ? "-?" : "";
  const pattern = limits.integer ? /^\d+$/ : new RegExp(`^${sign}\\d+(?:\\.\\d+)?$`);
  const value = Number(text);
  if (!pattern.test(text) || (limits.max !== undefined && value > limits.max)) {
    const expected = limits.integer
      ? "a whole number ≥ 0"
      : limits.negative
      ? "a number, e.g. 85 or -5"
      : `a number ≥ 0${limits.max !== undefined ? ` and ≤ ${limits.max}` : ""}`;
    throw new UsageError(`invalid value for ${flag}: '${text}' (expected ${expected})`);
  }
  return value;
}
