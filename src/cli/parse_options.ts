/**
 * Turns argv into a command name and validated options. Every mistake becomes a UsageError
 * whose one-line message names the bad flag or value.
 */
import { parseArgs } from "node:util";
import { BACKEND_IDS } from "../model/schema.ts";
import type { BackendId } from "../model/types.ts";
import { parseDurationMs } from "./parse_duration.ts";
import { UsageError } from "./usage_error.ts";

export const COMMANDS = [
  "snapshot",
  "ps",
  "top",
  "serve",
  "backends",
  "schema",
  "help",
  "version",
] as const;
export type CommandName = typeof COMMANDS[number];

export type OutputFormat = "table" | "json" | "csv";

export interface CliOptions {
  format: OutputFormat;
  header: boolean;
  color: boolean;
  ids: string[] | null;
  backends: BackendId[] | null;
  procRoot: string | undefined;
  sysRoot: string | undefined;
  sampleWindowMs: number;
  lazyInit: boolean;
  /** `top`, `serve`: time between readings. */
  intervalMs: number;
  /** `serve --listen`, unparsed (the command parses it). */
  listen: string | undefined;
  /** `serve`: export per-process series (`--no-process-metrics` turns them off). */
  processMetrics: boolean;
  /** `serve --max-process-series`. */
  maxProcessSeries: number;
}

export const DEFAULT_INTERVAL_MS = 1000;
export const DEFAULT_MAX_PROCESS_SERIES = 200;

export interface ParsedCommandLine {
  command: CommandName;
  positionals: string[];
  options: CliOptions;
}

const OPTION_SPEC = {
  format: { type: "string" },
  json: { type: "boolean" },
  csv: { type: "boolean" },
  "no-header": { type: "boolean" },
  "no-color": { type: "boolean" },
  id: { type: "string", short: "i", multiple: true },
  backends: { type: "string", multiple: true },
  "proc-root": { type: "string" },
  "sys-root": { type: "string" },
  "sample-window": { type: "string" },
  "lazy-init": { type: "boolean" },
  interval: { type: "string" },
  listen: { type: "string" },
  "no-process-metrics": { type: "boolean" },
  "max-process-series": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

export function parseCommandLine(
  args: readonly string[],
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
): ParsedCommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: OPTION_SPEC,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  const [first, ...rest] = positionals;
  let command: CommandName = "snapshot";
  if (values.help) command = "help";
  else if (values.version) command = "version";
  else if (first !== undefined) {
    if (!(COMMANDS as readonly string[]).includes(first)) {
      throw new UsageError(`unknown command '${first}' (commands: ${COMMANDS.join(", ")})`);
    }
    command = first as CommandName;
  }
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`);

  const noColor = values["no-color"] === true || (env("NO_COLOR") ?? "") !== "";
  return {
    command,
    positionals: rest,
    options: {
      format: chooseFormat(values.format, values.json === true, values.csv === true),
      header: values["no-header"] !== true,
      color: stdoutIsTerminal && !noColor,
      ids: values.id ? splitList(values.id) : null,
      backends: values.backends ? parseBackendList(splitList(values.backends)) : null,
      procRoot: nonEmpty("--proc-root", values["proc-root"]),
      sysRoot: nonEmpty("--sys-root", values["sys-root"]),
      sampleWindowMs: values["sample-window"] === undefined
        ? 0
        : parseDurationMs("--sample-window", values["sample-window"]),
      lazyInit: values["lazy-init"] === true || env("GPUTOP_LAZY_INIT") === "1",
      intervalMs: values.interval === undefined
        ? DEFAULT_INTERVAL_MS
        : positiveDuration("--interval", values.interval),
      listen: values.listen,
      processMetrics: values["no-process-metrics"] !== true,
      maxProcessSeries: values["max-process-series"] === undefined
        ? DEFAULT_MAX_PROCESS_SERIES
        : countValue("--max-process-series", values["max-process-series"]),
    },
  };
}

function positiveDuration(flag: string, text: string): number {
  const ms = parseDurationMs(flag, text);
  if (ms < 10) throw new UsageError(`invalid value for ${flag}: '${text}' (at least 10ms)`);
  return ms;
}

function countValue(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) > 1_000_000) {
    throw new UsageError(`invalid value for ${flag}: '${text}' (expected a whole number)`);
  }
  return Number(text);
}

function chooseFormat(format: string | undefined, json: boolean, csv: boolean): OutputFormat {
  const chosen = [format, json ? "json" : undefined, csv ? "csv" : undefined].filter((f) =>
    f !== undefined
  );
  if (new Set(chosen).size > 1) {
    throw new UsageError(`conflicting output formats: ${chosen.join(" and ")}`);
  }
  const value = chosen[0] ?? "table";
  if (value !== "table" && value !== "json" && value !== "csv") {
    throw new UsageError(`invalid value for --format: '${value}' (expected table, json or csv)`);
  }
  return value;
}

function splitList(values: readonly string[]): string[] {
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

function nonEmpty(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === "") throw new UsageError(`invalid value for ${flag}: empty path`);
  return value;
}

/** node's parseArgs messages run on with advice; keep the first sentence, name the flag. */
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split(/\.\s/)[0] ?? message;
  return first.charAt(0).toLowerCase() + first.slice(1).replace(/\.$/, "");
}
