/** The real environment a backend sees when gputop runs (tests build their own). */
import type { BackendContext } from "../backends/backend.ts";

export interface ContextOptions {
  /** `--root`: see `BackendContext.rootDir`; default `GPUTOP_ROOT`, else none. */
  root?: string | undefined;
  procRoot?: string | undefined;
  sysRoot?: string | undefined;
  lazyInit?: boolean | undefined;
  /** Continuous modes: see `BackendContext.rescanIntervalMs` (default null, one-shot). */
  rescanIntervalMs?: number | null | undefined;
  /** Continuous modes: see `BackendContext.sampleIntervalMs`. */
  sampleIntervalMs?: number | null | undefined;
}

/**
 * `GPUTOP_LAZY_INIT=1` (or `true`/`yes`, any case, spaces around ignored); the one place the
 * variable is read. `--lazy-init` overrides.
 */
export function lazyInitFromEnv(env: (name: string) => string | undefined): boolean {
  return LAZY_ON.includes(lazyInitValue(env));
}

/** GPUTOP_LAZY_INIT values that mean on, and those that mean off (unset and empty: off). */
const LAZY_ON = ["1", "true", "yes"];
const LAZY_OFF = ["", "0", "false", "no"];

/** The variable's value as compared: trimmed, lower case, "" when unset. */
function lazyInitValue(env: (name: string) => string | undefined): string {
  return (env("GPUTOP_LAZY_INIT") ?? "").trim().toLowerCase();
}

/**
 * A GPUTOP_LAZY_INIT that is neither on nor off (`maybe`), as the raw text; null when it is
 * one of the accepted values. The CLI refuses it rather than silently meaning "off".
 */
export function unknownLazyInitValue(env: (name: string) => string | undefined): string | null {
  const value = lazyInitValue(env);
  return LAZY_ON.includes(value) || LAZY_OFF.includes(value)
    ? null
    : env("GPUTOP_LAZY_INIT") ?? null;
}

/**
 * `/proc` or `/sys`, or that folder under `--root`. Joined here, not with linux/path_join.ts:
 * the CLI loads this module at start-up (for GPUTOP_LAZY_INIT), and `version` loads no reader.
 */
function underRoot(root: string | undefined, name: string): string {
  if (root === undefined) return `/${name}`;
  return root.endsWith("/") ? `${root}${name}` : `${root}/${name}`;
}

export function createBackendContext(options: ContextOptions = {}): BackendContext {
  const env = (name: string): string | undefined => {
    try {
      return Deno.env.get(name);
    } catch {
      return undefined;
    }
  };
  const root = options.root ?? (env("GPUTOP_ROOT") || undefined);
  return {
    procRoot: options.procRoot ?? env("GPUTOP_PROC_ROOT") ?? underRoot(root, "proc"),
    sysRoot: options.sysRoot ?? env("GPUTOP_SYS_ROOT") ?? underRoot(root, "sys"),
    rootDir: root ?? null,
    devRoot: env("GPUTOP_DEV_ROOT") || underRoot(root, "dev"),
    env,
    os: Deno.build.os,
    nowMs: () => performance.now(),
    lazyInit: options.lazyInit ?? lazyInitFromEnv(env),
    rescanIntervalMs: options.rescanIntervalMs ?? null,
    sampleIntervalMs: options.sampleIntervalMs ?? null,
  };
}
