/**
 * The options more than one command takes, declared once here. No command takes them all: a
 * command's registry entry names the ones it reads (`uses`, registry.ts) and its output
 * formats (`formats`), and `acceptedOptions` (accepted_options.ts) builds from those the one
 * list that both parsing and `--help` read. An option a command does not read is a usage error
 * there, not silently ignored.
 */
import { BACKEND_IDS } from "../model/backend_ids.ts";
import type { OptionSpec } from "./option_spec.ts";

export const SHARED_OPTIONS = {
  "no-header": { type: "boolean", help: "omit the header row (table, csv)" },
  "no-color": {
    type: "boolean",
    help: "no colour (also when NO_COLOR is set or stdout is not a terminal)",
  },
  id: {
    type: "string",
    short: "i",
    multiple: true,
    value: "LIST",
    help: "only these devices: index, UUID, PCI address or platform name\n" +
      "(SoC GPUs, e.g. ff9a0000.gpu), comma separated",
  },
  backends: {
    type: "string",
    multiple: true,
    value: "LIST",
    help: `only these backends (${BACKEND_IDS.join(", ")});\n` +
      "naming one forces it on where it is off by default",
  },
  root: {
    type: "string",
    value: "DIR",
    help: "read proc, sys, etc/passwd and var/log/pods under DIR (a host\n" +
      "mounted at /host); --proc-root, --sys-root override (env GPUTOP_ROOT)",
  },
  "proc-root": {
    type: "string",
    value: "DIR",
    help: "read processes from DIR instead of /proc (env GPUTOP_PROC_ROOT)",
  },
  "sys-root": {
    type: "string",
    value: "DIR",
    help: "read devices from DIR instead of /sys (env GPUTOP_SYS_ROOT)",
  },
  "sample-window": {
    type: "string",
    value: "D",
    help: "take two samples D apart (at least 10ms, e.g. 500ms) so rates such as\n" +
      "engine busy % and watts from energy counters are known",
  },
  "lazy-init": {
    type: "boolean",
    help: "release vendor libraries between samples\n(env GPUTOP_LAZY_INIT=1, true or yes)",
  },
} as const satisfies Record<string, OptionSpec>;

export type SharedOptionName = keyof typeof SHARED_OPTIONS;

/** What every command that reads devices takes: which devices, from where, and how. */
export const DEVICE_SOURCE_OPTIONS = [
  "id",
  "backends",
  "root",
  "proc-root",
  "sys-root",
  "lazy-init",
] as const satisfies readonly SharedOptionName[];

/** The output format flags; which of them a command takes follows from its `formats`. */
export const FORMAT_OPTIONS = {
  format: { type: "string", value: "FMT", help: "table (default), json or csv" },
  json: { type: "boolean", help: "same as --format json" },
  csv: { type: "boolean", help: "same as --format csv" },
} as const satisfies Record<string, OptionSpec>;

/** Every command takes `--help`. */
export const HELP_OPTION: OptionSpec = {
  type: "boolean",
  short: "h",
  help: "this text; `gputop COMMAND --help` for a command",
};

/** Taken only where no command is named (`gputop --version`, `gputop -V`). */
export const VERSION_OPTION: OptionSpec = {
  type: "boolean",
  short: "V",
  help: "print the version (with no command)",
};
