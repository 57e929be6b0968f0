/**
 * The options every command accepts, and their validation into `CliOptions`. A command's own
 * options live with its registry entry (registry.ts).
 */
import { lazyInitFromEnv, unknownLazyInitValue } from "../session/backend_context.ts";
import { BACKEND_IDS } from "../model/schema_ids.ts";
import type { BackendId } from "../model/types.ts";
import type { OptionSpecs, OptionValue } from "./option_spec.ts";
import { parseDurationMs } from "./parse_duration.ts";
import { checkRootDirectory, parseIdList } from "./validate_options.ts";
import { UsageError } from "../platform/usage_error.ts";

export type OutputFormat = "table" | "json" | "csv";

export interface CliOptions {
  format: OutputFormat;
  header: boolean;
  color: boolean;
  ids: string[] | null;
  backends: BackendId[] | null;
  /** `--root` / GPUTOP_ROOT: the host's root (proc, sys, etc/passwd, var/log/pods under it). */
  root: string | undefined;
  procRoot: string | undefined;
  sysRoot: string | undefined;
  sampleWindowMs: number;
  lazyInit: boolean;
  /** What turned lazy library sessions on (for `gputop backends`); absent when they are off. */
  lazyInitFrom?: "--lazy-init" | "GPUTOP_LAZY_INIT";
}

export const GLOBAL_OPTIONS: OptionSpecs = {
  format: {
    type: "string",
    value: "FMT",
    help: "table (default), json or csv; --json and --csv are shorthands",
  },
  json: { type: "boolean", help: "same as --format json" },
  csv: { type: "boolean", help: "same as --format csv" },
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
    help: "take two samples D apart (e.g. 500ms) so rates such as engine\n" +
      "busy %, process CPU % and watts from energy counters are known",
  },
  "lazy-init": {
    type: "boolean",
    help: "release vendor libraries between samples\n(env GPUTOP_LAZY_INIT=1, true or yes)",
  },
  help: { type: "boolean", short: "h", help: "this text; `gputop COMMAND --help` for a command" },
  version: { type: "boolean", short: "V", help: "print the version" },
};

export function resolveGlobalOptions(
  values: Readonly<Record<string, OptionValue>>,
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): CliOptions {
  const noColor = values["no-color"] === true || (env("NO_COLOR") ?? "") !== "";
  const ids = stringList(values.id);
  const backends = stringList(values.backends);
  const sampleWindow = stringValue(values["sample-window"]);
  const badLazy = unknownLazyInitValue(env);
  if (badLazy !== null) {
    throw new UsageError(
      `invalid value for GPUTOP_LAZY_INIT: '${badLazy}' (expected 1, true, yes or 0, false, no)`,
    );
  }
  return {
    format: explicitFormat(values) ?? "table",
    header: values["no-header"] !== true,
    color: stdoutIsTerminal && !noColor,
    ids: ids ? parseIdList(ids) : null,
    backends: backends ? parseBackendList(splitList(backends)) : null,
    root: checkRootDirectory("--root", stringValue(values.root)) ??
      checkRootDirectory("GPUTOP_ROOT", env("GPUTOP_ROOT") || undefined),
    procRoot: checkRootDirectory("--proc-root", stringValue(values["proc-root"])) ??
      checkRootDirectory("GPUTOP_PROC_ROOT", env("GPUTOP_PROC_ROOT") || undefined),
    sysRoot: checkRootDirectory("--sys-root", stringValue(values["sys-root"])) ??
      checkRootDirectory("GPUTOP_SYS_ROOT", env("GPUTOP_SYS_ROOT") || undefined),
    sampleWindowMs: sampleWindow === undefined
      ? 0
      : parseDurationMs("--sample-window", sampleWindow),
    lazyInit: values["lazy-init"] === true || lazyInitFromEnv(env),
    ...(values["lazy-init"] === true
      ? { lazyInitFrom: "--lazy-init" as const }
      : lazyInitFromEnv(env)
      ? { lazyInitFrom: "GPUTOP_LAZY_INIT" as const }
      : {}),
  };
}

/** A string option's value (the last one when given several times). */
export function stringValue(value: OptionValue): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const last = value.at(-1);
    return typeof last === "string" ? last : undefined;
  }
  return undefined;
}

function stringList(value: OptionValue): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === "string");
}

/**
 * The format asked for by `--format`, `--json` or `--csv`; undefined when none was given (the
 * command's default then applies), so a command can refuse an explicit `--format table`.
 */
export function explicitFormat(
  values: Readonly<Record<string, OptionValue>>,
): OutputFormat | undefined {
  const chosen = [
    stringValue(values.format),
    values.json === true ? "json" : undefined,
    values.csv === true ? "csv" : undefined,
  ].filter((f) => f !== undefined);
  if (new Set(chosen).size > 1) {
    throw new UsageError(`conflicting output formats: ${chosen.join(" and ")}`);
  }
  const value = chosen[0];
  if (value === undefined) return undefined;
  if (value !== "table" && value !== "json" && value !== "csv") {
    throw new UsageError(`invalid value for --format: '${value}' (expected table, json or csv)`);
  }
  return value;
}

export function splitList(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
}

function parseBackendList(names: string[]): BackendId[] {
  for (const name of names) {
    if (!(BACKEND_IDS as readonly string[]).includes(name)) {
      throw new UsageError(
        `invalid value for --backends: '${name}' (known: ${BACKEND_IDS.join(", ")})`,
      );
    }
  }
  if (names.length === 0) throw new UsageError("invalid value for --backends: empty list");
  return names as BackendId[];
}
