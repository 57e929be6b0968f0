/** The real environment a backend sees when gputop runs (tests build their own). */
import type { BackendContext } from "./backend.ts";

export interface ContextOptions {
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
  const value = (env("GPUTOP_LAZY_INIT") ?? "").trim().toLowerCase();
  return value === "1" || value === "true" || value === "yes";
}

export function createBackendContext(options: ContextOptions = {}): BackendContext {
  const env = (name: string): string | undefined => {
    try {
      return Deno.env.get(name);
    } catch {
      return undefined;
    }
  };
  return {
    procRoot: options.procRoot ?? env("GPUTOP_PROC_ROOT") ?? "/proc",
    sysRoot: options.sysRoot ?? env("GPUTOP_SYS_ROOT") ?? "/sys",
    env,
    os: Deno.build.os,
    nowMs: () => performance.now(),
    lazyInit: options.lazyInit ?? lazyInitFromEnv(env),
    rescanIntervalMs: options.rescanIntervalMs ?? null,
    sampleIntervalMs: options.sampleIntervalMs ?? null,
  };
}
