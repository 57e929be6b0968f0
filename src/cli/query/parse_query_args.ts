/**
 * `gputop query`'s command line, in nvidia-smi's syntax: `--query-gpu=FIELDS` or
 * `--query-compute-apps=FIELDS` with `--format=csv[,noheader][,nounits]`, `-l [SEC]` /
 * `--loop[=SEC]`, `-lms MS` / `--loop-ms=MS`, `--help-query-gpu`, `--help-query-compute-apps`;
 * a long option's value may follow `=` or come as the next argument. Of gputop's own options
 * it takes those that make sense for a query (`-i/--id`, `--backends`, `--proc-root`,
 * `--sys-root`, `--sample-window`, `--lazy-init`, `--no-color`); anything else is a usage
 * error naming it.
 */
import { type CliOptions, resolveCliOptions } from "../cli_options.ts";
import type { OptionSpec, OptionValue } from "../option_spec.ts";
import { SHARED_OPTIONS } from "../shared_options.ts";
import { singleValues } from "../validate_options.ts";
import { type ArgSpec, parseArgs } from "../parse_args.ts";
import { parseDurationMs } from "../parse_duration.ts";
import { UsageError } from "../../platform/usage_error.ts";
import { parseQueryFormat, type QueryFormat } from "./query_format.ts";

export type QueryMode = "gpu" | "compute-apps" | "help-gpu" | "help-compute-apps";

export interface QueryRequest {
  mode: QueryMode;
  /** The field list as given (the query modes); "" for the help modes. */
  fields: string;
  format: QueryFormat;
  /** `-l` / `-lms`: a block every this many ms until stopped; null: one block. */
  loopMs: number | null;
  /** `--sample-window` as given; null when not given (the one-shot query decides). */
  sampleWindowMs: number | null;
  options: CliOptions;
}

/** nvidia-smi's `-l` with no number: every 5 seconds. */
export const DEFAULT_LOOP_SECONDS = 5;
/** As `watch`: below this, sampling itself is most of each interval. */
const MIN_LOOP_MS = 10;

/** Options of nvidia-smi's that take a value. */
const VALUE_OPTIONS = ["query-gpu", "query-compute-apps", "format", "loop-ms"];
const FLAG_OPTIONS = ["help-query-gpu", "help-query-compute-apps"];
/** gputop's options a query takes (the rest would be ignored, so they are refused). */
const GPUTOP_OPTIONS: Readonly<Record<string, OptionSpec>> = Object.fromEntries(
  ([
    "id",
    "backends",
    "root",
    "proc-root",
    "sys-root",
    "sample-window",
    "lazy-init",
    "no-color",
  ] as const)
    .map((name) => [name, SHARED_OPTIONS[name]]),
);

export function parseQueryArguments(
  args: readonly string[],
  env: (name: string) => string | undefined,
): QueryRequest {
  const { own, rest } = splitArguments(args);
  const values = parseGputopOptions(rest);
  const mode = modeOf(own);
  const fields = own.get(mode === "gpu" ? "query-gpu" : "query-compute-apps") ?? "";
  const formatText = own.get("format");
  if (formatText === undefined && (mode === "gpu" || mode === "compute-apps")) {
    throw new UsageError(
      `--query-${mode} needs --format=csv (optionally with noheader, nounits: --format=csv,noheader,nounits)`,
    );
  }
  const window = values["sample-window"];
  const loopMs = loopMsOf(own);
  if (loopMs !== null && window !== undefined) {
    throw new UsageError(
      "--sample-window is for one reading: with -l/-lms rates span the interval",
    );
  }
  return {
    mode,
    fields,
    format: parseQueryFormat(formatText ?? "csv"),
    loopMs,
    sampleWindowMs: typeof window === "string" ? parseDurationMs("--sample-window", window) : null,
    // No host option here: query reads this machine.
    options: resolveCliOptions(values, GPUTOP_OPTIONS, env, false, null),
  };
}

/**
 * nvidia-smi's options by long name (`-l` is `loop`, `-lms` is `loop-ms`; "" for a flag),
 * apart from the rest, which are gputop's. The last of a repeated option wins.
 */
function splitArguments(args: readonly string[]): { own: Map<string, string>; rest: string[] } {
  const own = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    const long = /^--([^=]+)(?:=([\s\S]*))?$/.exec(arg);
    const name = long?.[1] ?? (arg === "-l" ? "loop" : arg === "-lms" ? "loop-ms" : null);
    const inline = long?.[2];
    if (name === null || ![...VALUE_OPTIONS, ...FLAG_OPTIONS, "loop"].includes(name)) {
      rest.push(arg);
      continue;
    }
    if (FLAG_OPTIONS.includes(name)) {
      if (inline !== undefined) throw new UsageError(`option '--${name}' takes no value`);
      own.set(name, "");
    } else if (inline !== undefined) {
      own.set(name, inline);
    } else if (name === "loop") {
      // nvidia-smi's -l takes its seconds only when a number follows.
      const next = args[i + 1];
      const seconds = next !== undefined && /^\d+$/.test(next) ? next : undefined;
      if (seconds !== undefined) i++;
      own.set(name, seconds ?? String(DEFAULT_LOOP_SECONDS));
    } else {
      const next = args[i + 1];
      if (next === undefined) throw new UsageError(`option '${arg}' needs a value`);
      own.set(name, next);
      i++;
    }
  }
  return { own, rest };
}

/** gputop's options among the rest; anything else (or a positional) is a usage error. */
function parseGputopOptions(rest: readonly string[]): Record<string, OptionValue> {
  const spec: Record<string, ArgSpec> = {};
  for (const [name, option] of Object.entries(GPUTOP_OPTIONS)) {
    spec[name] = {
      type: option.type,
      ...(option.short ? { short: option.short } : {}),
      // Every value is collected, so that a single-value option given twice is refused.
      ...(option.multiple || option.type === "string" ? { multiple: true } : {}),
    };
  }
  let parsed;
  try {
    parsed = parseArgs(rest, spec);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const first = (message.split(/\.\s/)[0] ?? message).replace(/\.$/, "");
    throw new UsageError(
      `${first.charAt(0).toLowerCase()}${first.slice(1)} for 'query' (see gputop query --help)`,
    );
  }
  const [extra] = parsed.positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  return singleValues(parsed.values as Record<string, OptionValue>, GPUTOP_OPTIONS);
}

function modeOf(own: ReadonlyMap<string, string>): QueryMode {
  const modes: [string, QueryMode][] = [
    ["query-gpu", "gpu"],
    ["query-compute-apps", "compute-apps"],
    ["help-query-gpu", "help-gpu"],
    ["help-query-compute-apps", "help-compute-apps"],
  ];
  const given = modes.filter(([option]) => own.has(option));
  if (given.length === 0) {
    throw new UsageError(
      "query needs --query-gpu=FIELDS or --query-compute-apps=FIELDS " +
        "(gputop query --help-query-gpu lists the fields)",
    );
  }
  if (given.length > 1) {
    throw new UsageError(`--${given[0]?.[0]} and --${given[1]?.[0]} cannot be combined`);
  }
  return given[0]?.[1] ?? "gpu";
}

/** `-l SEC` / `-lms MS` in ms; null when neither was given. */
function loopMsOf(own: ReadonlyMap<string, string>): number | null {
  const ms = own.get("loop-ms");
  const seconds = own.get("loop");
  if (ms === undefined && seconds === undefined) return null;
  if (ms !== undefined && seconds !== undefined) {
    throw new UsageError("-l/--loop and -lms/--loop-ms cannot be combined");
  }
  const [flag, text, scale] = ms !== undefined ? ["--loop-ms", ms, 1] : ["--loop", seconds, 1000];
  const trimmed = (text ?? "").trim();
  const value = Number(trimmed) * (scale as number);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(value) || value < MIN_LOOP_MS) {
    const unit = scale === 1 ? "milliseconds" : "seconds";
    throw new UsageError(
      `invalid value for ${flag}: '${text}' (expected whole ${unit}, at least ${MIN_LOOP_MS} ms)`,
    );
  }
  return value;
}
