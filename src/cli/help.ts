/** The `--help` texts, built from the command registry and the option specs. */
import { VERSION } from "../version.ts";
import { acceptedOptions } from "./accepted_options.ts";
import type { Command } from "./command.ts";
import type { OptionSpec, OptionSpecs } from "./option_spec.ts";
import { FORMAT_OPTIONS, HELP_OPTION, SHARED_OPTIONS, VERSION_OPTION } from "./shared_options.ts";

/** Help text starts in this column, or further right for a wider option (up to MAX_COLUMN). */
const COLUMN = 20;
const MAX_COLUMN = 30;

const ENVIRONMENT =
  `Environment (read only by the commands each concerns, and as strictly as a flag):
  GPUTOP_NVML_LIB, GPUTOP_ZE_LIB, GPUTOP_AMDSMI_LIB   a library path tried first
  GPUTOP_MACMON, GPUTOP_NVIDIA_SMI                    a program path used instead of PATH
  GPUTOP_MACMON_TIMEOUT_MS                            ms one macmon run may take (1 to 86400000,
                                                      default 10000; checked where macmon runs)
  GPUTOP_PROC_ROOT, GPUTOP_SYS_ROOT                   as --proc-root, --sys-root
  GPUTOP_DEV_ROOT                                     device nodes looked for before a vendor
                                                      library loads (default /dev)
  GPUTOP_LAZY_INIT=1 (or true, yes)                   as --lazy-init
  GPUTOP_ARGV0=nvidia-smi                             act as started under that name (query)
  NO_COLOR                                            set and not empty: as --no-color
`;

const DURATIONS =
  "Durations (D): 500ms, 2s, 1.5s, 1m, 1h (at most 24h); a bare number is seconds.\n";

const REPEATS = "An option that takes one value may be given once; LIST options add up.\n";

const EXIT_CODES = "Exit codes: 0 ok · 1 failure · 2 usage error · 3 no device (check/fit/query)\n";

/** Every option some command takes, as the overview lists them. */
const ALL_OPTIONS: OptionSpecs = {
  ...FORMAT_OPTIONS,
  ...SHARED_OPTIONS,
  help: HELP_OPTION,
  version: VERSION_OPTION,
};

export function helpText(commands: readonly Command[]): string {
  const rows = commands.map((c) => row(c.name, c.summary)).join("");
  return `gputop ${VERSION} — what every GPU is doing, and who holds its memory

Usage: gputop [COMMAND] [OPTIONS]

Commands:
${rows}
Options (each command takes those it reads; \`gputop help COMMAND\` lists them):
${optionRows(ALL_OPTIONS, columnFor(ALL_OPTIONS))}
Run \`gputop help COMMAND\` or \`gputop COMMAND --help\` for a command's options.
${REPEATS}
${DURATIONS}
${ENVIRONMENT}
${EXIT_CODES}`;
}

export function commandHelpText(command: Command): string {
  const positionals = command.positionals ?? [];
  const options = acceptedOptions(command);
  const column = columnFor(options, positionals.map((p) => p.name));
  const usageArgs = positionals.map((p) => (p.required ? p.name : `[${p.name}]`)).join(" ");
  let text = `gputop ${command.name} — ${command.summary}\n\n` +
    `Usage: gputop ${command.name}${usageArgs ? ` ${usageArgs}` : ""} [OPTIONS]\n`;
  if (positionals.length > 0) {
    text += `\nArguments:\n${positionals.map((p) => row(p.name, p.help, column)).join("")}`;
  }
  text += `\nOptions:\n${optionRows(options, column)}\n`;
  const specs = Object.values(options);
  const notes = (specs.some((spec) => spec.value === "D") ? DURATIONS : "") +
    (specs.some((spec) => spec.type === "string") ? REPEATS : "");
  return `${text}${notes === "" ? "" : `${notes}\n`}${EXIT_CODES}`;
}

/** The help column for these options (and argument names): past the widest, within limits. */
function columnFor(options: OptionSpecs, names: readonly string[] = []): number {
  const widest = Math.max(
    ...names.map((name) => name.length),
    ...Object.entries(options).map(([name, spec]) => flagText(name, spec).length),
  );
  return Math.min(MAX_COLUMN, Math.max(COLUMN, widest + 4));
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
