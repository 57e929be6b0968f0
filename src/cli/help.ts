/** The `--help` texts, built from the command registry and the option specs. */
import { VERSION } from "../version.ts";
import type { Command, OptionSpecs } from "./command.ts";
import { GLOBAL_OPTIONS } from "./global_options.ts";

const COLUMN = 20;

const ENVIRONMENT = `Environment:
  GPUTOP_NVML_LIB, GPUTOP_ZE_LIB, GPUTOP_AMDSMI_LIB   a library path tried first
  GPUTOP_MACMON, GPUTOP_NVIDIA_SMI                    a program path used instead of PATH
`;

const EXIT_CODES = "Exit codes: 0 ok · 1 failure · 2 usage error · 3 no device (check/fit)\n";

export function helpText(commands: readonly Command[]): string {
  const rows = commands.map((c) => row(c.name, c.summary)).join("");
  return `gputop ${VERSION} — what every GPU is doing, and who holds its memory

Usage: gputop [COMMAND] [OPTIONS]

Commands:
${rows}
Options (every command):
${optionRows(GLOBAL_OPTIONS)}
Run \`gputop help COMMAND\` or \`gputop COMMAND --help\` for a command's own options.

${ENVIRONMENT}
${EXIT_CODES}`;
}

export function commandHelpText(command: Command): string {
  const positionals = command.positionals ?? [];
  const usageArgs = positionals.map((p) => (p.required ? p.name : `[${p.name}]`)).join(" ");
  let text = `gputop ${command.name} — ${command.summary}\n\n` +
    `Usage: gputop ${command.name}${usageArgs ? ` ${usageArgs}` : ""} [OPTIONS]\n`;
  if (positionals.length > 0) {
    text += `\nArguments:\n${positionals.map((p) => row(p.name, p.help)).join("")}`;
  }
  if (Object.keys(command.options).length > 0) {
    text += `\nOptions:\n${optionRows(command.options)}`;
  }
  text += `\nOptions (every command):\n${optionRows(GLOBAL_OPTIONS)}\n${EXIT_CODES}`;
  return text;
}

function optionRows(specs: OptionSpecs): string {
  return Object.entries(specs).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : ""}--${name}` +
      (spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : "");
    return row(flag, spec.help);
  }).join("");
}

function row(left: string, help: string): string {
  const [first, ...more] = help.split("\n");
  const head = left.length >= COLUMN - 2
    ? `  ${left}\n${" ".repeat(COLUMN)}${first}\n`
    : `  ${left.padEnd(COLUMN - 2)}${first}\n`;
  return head + more.map((line) => `${" ".repeat(COLUMN)}${line}\n`).join("");
}
