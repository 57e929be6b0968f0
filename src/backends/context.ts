/** The real environment a backend sees when gputop runs (tests build their own). */
import type { BackendContext } from "./backend.ts";

export interface ContextOptions {
  procRoot?: string | undefined;
  sysRoot?: string | undefined;
  lazyInit?: boolean | undefined;
  rescanIntervalMs?: number | null | undefined;
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
    lazyInit: options.lazyInit ?? env("GPUTOP_LAZY_INIT") === "1",
    rescanIntervalMs: options.rescanIntervalMs ?? null,
  };
}
