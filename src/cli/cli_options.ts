/**
 * The shared options (shared_options.ts), validated into `CliOptions`. A command's own options
 * are read by the command itself from `Invocation.values`.
 */
import { lazyInitFromEnv, unknownLazyInitValue } from "../session/backend_context.ts";
import { BACKEND_IDS } from "../model/backend_ids.ts";
import type { BackendId } from "../model/types.ts";
import type { OptionSpecs, OptionValue } from "./option_spec.ts";
import { parseDurationMs } from "./parse_duration.ts";
import { checkRootDirectory, parseIdList } from "./validate_options.ts";
import { UsageError } from "../platform/usage_error.ts";
import type { FleetOptions } from "./fleet_options.ts";

export type OutputFormat = "table" | "json" | "csv";

/**
 * `fleet_options.ts` `fleetOptionsOf`, handed in by the parser only where a host option was
 * given (null otherwise: it would find no fleet), so that a local reading never loads it.
 */
export type FleetReader = (
  values: Readonly<Record<string, OptionValue>>,
  env: (name: string) => string | undefined,
) => FleetOptions | null;

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
  /** 0: one sample (no `--sample-window`). */
  sampleWindowMs: number;
  lazyInit: boolean;
  /** What turned lazy library sessions on (for `gputop backends`); absent when they are off. */
  lazyInitFrom?: "--lazy-init" | "GPUTOP_LAZY_INIT";
  /** `--hosts`: read these hosts' `serve` instead of this machine; absent without it. */
  fleet?: FleetOptions;
}

/**
 * The parsed shared options → `CliOptions`. Only what the command accepts is read, and the
 * environment only where the command reads what it stands for: the root variables and
 * GPUTOP_LAZY_INIT by commands that read devices, never by `version` or `schema`. A variable a
 * command reads is held to the same rule as its flag: a bad value is a usage error naming it.
 */
export function resolveCliOptions(
  values: Readonly<Record<string, OptionValue>>,
  accepted: OptionSpecs,
  env: (name: string) => string | undefined,
  stdoutIsTerminal: boolean,
  fleetOf: FleetReader | null,
): CliOptions {
  const noColor = values["no-color"] === true || (env("NO_COLOR") ?? "") !== "";
  const ids = stringList(values.id);
  const backends = stringList(values.backends);
  const sampleWindow = stringValue(values["sample-window"]);
  const reads = (name: string) => Object.hasOwn(accepted, name);
  const lazyInitFrom = reads("lazy-init") ? lazyInitSource(values, env) : undefined;
  const fleet = reads("hosts") && fleetOf !== null ? fleetOf(values, env) : null;
  return {
    format: explicitFormat(values) ?? "table",
    header: values["no-header"] !== true,
    color: stdoutIsTerminal && !noColor,
    ids: ids ? parseIdList(ids) : null,
    backends: backends ? parseBackendList(splitList(backends)) : null,
    root: reads("root")
      ? checkRootDirectory("--root", stringValue(values.root)) ??
        checkRootDirectory("GPUTOP_ROOT", env("GPUTOP_ROOT") || undefined)
      : undefined,
    procRoot: reads("proc-root") ? rootOf("proc", values, env) : undefined,
    sysRoot: reads("sys-root") ? rootOf("sys", values, env) : undefined,
    sampleWindowMs: sampleWindow === undefined ? 0 : sampleWindowMs(sampleWindow),
    lazyInit: lazyInitFrom !== undefined,
    ...(lazyInitFrom !== undefined ? { lazyInitFrom } : {}),
    ...(fleet !== null ? { fleet } : {}),
  };
}

/** `--proc-root`/`--sys-root`, else its variable; each must name a directory. */
function rootOf(
  kind: "proc" | "sys",
  values: Readonly<Record<string, OptionValue>>,
  env: (name: string) => string | undefined,
): string | undefined {
  const variable = `GPUTOP_${kind.toUpperCase()}_ROOT`;
  return checkRootDirectory(`--${kind}-root`, stringValue(values[`${kind}-root`])) ??
    checkRootDirectory(variable, env(variable) || undefined);
}

/** What turned lazy library sessions on; undefined when they are off. */
function lazyInitSource(
  values: Readonly<Record<string, OptionValue>>,
  env: (name: string) => string | undefined,
): CliOptions["lazyInitFrom"] {
  const badLazy = unknownLazyInitValue(env);
  if (badLazy !== null) {
    throw new UsageError(
      `invalid value for GPUTOP_LAZY_INIT: '${badLazy}' (expected 1, true, yes or 0, false, no)`,
    );
  }
  if (values["lazy-init"] === true) return "--lazy-init";
  return lazyInitFromEnv(env) ? "GPUTOP_LAZY_INIT" : undefined;
}

/** Shortest `--sample-window`: two samples closer than this measure nothing but noise. */
export const MIN_SAMPLE_WINDOW_MS = 10;

function sampleWindowMs(text: string): number {
  const ms = parseDurationMs("--sample-window", text);
  if (ms < MIN_SAMPLE_WINDOW_MS) {
    throw new UsageError(
      `invalid value for --sample-window: '${text}' (at least ${MIN_SAMPLE_WINDOW_MS}ms; ` +
        "leave the option out for one sample)",
    );
  }
  return ms;
}

/**
 * A string option's value. The parser refuses a single-value option given twice, so a list
 * here has one entry.
 */
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
