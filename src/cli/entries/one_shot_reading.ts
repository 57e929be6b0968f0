/** What the one-shot readings' entries (snapshot, ps, check, fit) share. */
import type { OptionSpec } from "../option_spec.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";

/** The shared options the one-shot readings read. */
export const ONE_SHOT_READING = [
  "no-header",
  "no-color",
  ...DEVICE_SOURCE_OPTIONS,
  "sample-window",
] as const;

/** `--wide`, as `ps -ww`: command lines whole. How they are cut without it differs. */
export function wideOption(cutBy: string): OptionSpec {
  return { type: "boolean", short: "w", help: `show command lines whole (without it, ${cutBy})` };
}
