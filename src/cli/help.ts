/** The `--help` texts, built from the command registry and the option specs. */
import { VERSION } from "../version.ts";
import type { Command } from "./command.ts";
import type { OptionSpec, OptionSpecs } from "./option_spec.ts";
import type { OutputFormat } from "./global_options.ts";
import { GLOBAL_OPTIONS } from "./global_options.ts";

/** Help text starts in this column, or further right for a wider option (up to MAX_COLUMN). */
const COLUMN = 20;
const MAX_COLUMN = 30;

const ENVIRONMENT = `Environment:
  GPUTOP_NVML_LIB, GPUTOP_ZE_LIB, GPUTOP_AMDSMI_LIB   a library path tried first
  GPUTOP_MACMON, GPUTOP_NVIDIA_SMI                    a program path used instead of PATH
  GPUTOP_MACMON_TIMEOUT_MS                            ms one macmon run may take (default 10000)
  GPUTOP_PROC_ROOT, GPUTOP_SYS_ROOT                   as --proc-root, --sys-root
  GPUTOP_LAZY_INIT=1 (or true, yes)                   as --lazy-init
  GPUTOP_ARGV0=nvidia-smi                             act as started under that name (query)
  NO_COLOR                                            set and not empty: as --no-color
`;

const DURATIONS =
  "Durations (D): 500ms, 2s, 1.5s, 1m, 1h (at most 24h); a bare number is seconds.\n";

const EXIT_CODES = "Exit codes: 0 ok · 1 failure · 2 usage error · 3 no device (check/fit/query)\n";

export function helpText(commands: readonly Command[]): string {
  const rows = commands.map((c) => row(c.name, c.summary)).join("");
  return `gputop ${VERSION} — what every GPU is doing, and who holds its memory

Usage: gputop [COMMAND] [OPTIONS]

Commands:
${rows}
Options (every command):
${optionRows(GLOBAL_OPTIONS)}
Run \`gputop help COMMAND\` or \`gputop COMMAND --help\` for a command's own options.

${DURATIONS}
${ENVIRONMENT}
${EXIT_CODES}`;
}

export function commandHelpText(command: Command): string {
  const positionals = command.positionals ?? [];
  const widest = Math.max(
    ...positionals.map((p) => p.name.length),
    ...Object.entries(command.options).map(([name, spec]) => flagText(name, spec).length),
  );
  const column = Math.min(MAX_COLUMN, Math.max(COLUMN, widest + 4));
  const usageArgs = positionals.map((p) => (p.required ? p.name : `[${p.name}]`)).join(" ");
  let text = `gputop ${command.name} — ${command.summary}\n\n` +
    `Usage: gputop ${command.name}${usageArgs ? ` ${usageArgs}` : ""} [OPTIONS]\n`;
  if (positionals.length > 0) {
    text += `\nArguments:\n${positionals.map((p) => row(p.name, p.help, column)).join("")}`;
  }
  if (Object.keys(command.options).length > 0) {
    text += `\nOptions:\n${optionRows(command.options, column)}`;
  }
  text += `\nOptions (every command):\n${optionRows(globalOptionsOf(command), column)}\n` +
    DURATIONS +
    `\n${EXIT_CODES}`;
  return text;
}

/**
 * The global options as they apply to one command: only the output formats it prints
 * (the first is its default), and no format flags at all for a command with one fixed output.
 */
function globalOptionsOf(command: Command): OptionSpecs {
  const formats: readonly OutputFormat[] = command.formats ?? ["table", "json", "csv"];
  const { format, json, csv, "no-header": noHeader, ...rest } = GLOBAL_OPTIONS;
  const options: Record<string, OptionSpec> = {};
  if (formats.length > 1 && format) {
    const [first, ...others] = formats;
    const last = others.pop();
    const listed = `${first} (default)${others.map((f) => `, ${f}`).join("")} or ${last}`;
    const shorthands = formats.filter((f) => f !== "table").map((f) => `--${f}`);
    const are = shorthands.length > 1 ? "are shorthands" : "is a shorthand";
    options.format = { ...format, help: `${listed}; ${shorthands.join(" and ")} ${are}` };
    if (formats.includes("json") && json) options.json = json;
    if (formats.includes("csv") && csv) options.csv = csv;
  }
  if ((formats.includes("table") || formats.includes("csv")) && noHeader) {
    options["no-header"] = noHeader;
  }
  return { ...options, ...rest };
}

function flagText(name: string, spec: OptionSpec): string {
  return `${spec.short ? `-${spec.short}, ` : ""}--${name}` +
    (spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : "");
}

function optionRows(specs: OptionSpecs, column = COLUMN): string {
  return Object.entries(specs).map(([name, spec]) => row(flagText(name, spec), spec.help, column))
    .join("");
}

function row(left: string, help: string, column = COLUMN): string {
  const [first, ...more] = help.split("\n");
  const head = left.length >= column - 2
    ? `  ${left}\n${" ".repeat(column)}${first}\n`
    : `  ${left.padEnd(column - 2)}${first}\n`;
  return head + more.map((line) => `${" ".repeat(column)}${line}\n`).join("");
}
