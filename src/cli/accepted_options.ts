/**
 * The one list of options a command accepts, built from its registry entry: its own options,
 * the format flags its `formats` call for, the shared options it `uses`, and `--help`. The
 * parser (parse_options.ts) and `--help` (help.ts) both read it, so a command never accepts
 * an option its help does not list, nor lists one it ignores.
 */
import type { OutputFormat } from "./cli_options.ts";
import type { Command } from "./command.ts";
import type { OptionSpec, OptionSpecs } from "./option_spec.ts";
import { FORMAT_OPTIONS, HELP_OPTION, SHARED_OPTIONS } from "./shared_options.ts";

/** What a command prints when its entry names no formats. */
export const DEFAULT_FORMATS: readonly OutputFormat[] = ["table", "json", "csv"];

export function formatsOf(command: Command): readonly OutputFormat[] {
  return command.formats ?? DEFAULT_FORMATS;
}

/**
 * Each command's list, made once: parsing reads it several times (~0.3 ms a build at start-up,
 * before V8 has compiled this code). Frozen, as it is shared.
 */
const acceptedByCommand = new WeakMap<Command, OptionSpecs>();

/** The command's options in the order its help lists them. */
export function acceptedOptions(command: Command): OptionSpecs {
  let accepted = acceptedByCommand.get(command);
  if (accepted === undefined) {
    accepted = Object.freeze(buildAcceptedOptions(command));
    acceptedByCommand.set(command, accepted);
  }
  return accepted;
}

function buildAcceptedOptions(command: Command): OptionSpecs {
  const shared: Record<string, OptionSpec> = {};
  for (const [name, spec] of Object.entries(SHARED_OPTIONS)) {
    if ((command.uses ?? []).some((used) => used === name)) shared[name] = spec;
  }
  return { ...command.options, ...formatOptions(formatsOf(command)), ...shared, help: HELP_OPTION };
}

/**
 * `--format` and the shorthands for the formats a command can print, the first being its
 * default; none for a command with one fixed output (asking it for a format is a usage error).
 */
function formatOptions(formats: readonly OutputFormat[]): OptionSpecs {
  if (formats.length < 2) return {};
  const [first, ...others] = formats;
  const last = others.pop();
  const listed = `${first} (default)${others.map((f) => `, ${f}`).join("")} or ${last}`;
  const shorthands = formats.filter((f) => f !== "table").map((f) => `--${f}`);
  const are = shorthands.length > 1 ? "are shorthands" : "is a shorthand";
  const options: Record<string, OptionSpec> = {
    format: { ...FORMAT_OPTIONS.format, help: `${listed}; ${shorthands.join(" and ")} ${are}` },
  };
  if (formats.includes("json")) options.json = FORMAT_OPTIONS.json;
  if (formats.includes("csv")) options.csv = FORMAT_OPTIONS.csv;
  return options;
}
