/** A BackendContext for tests: nothing comes from the real process unless a test passes it. */
import type { BackendContext } from "../../src/backends/backend.ts";

export interface TestContextOverrides extends Partial<Omit<BackendContext, "env">> {
  /** The whole environment the backend sees (the real process's is never consulted). */
  env?: Record<string, string>;
}

/**
 * Roots that do not exist (so a test that forgets to give fixture roots reads nothing), Linux,
 * a clock stuck at 0 and no lazy init, each replaceable through `overrides`.
 */
export function testContext(overrides: TestContextOverrides = {}): BackendContext {
  const { env = {}, ...rest } = overrides;
  return {
    procRoot: "/nonexistent/proc",
    sysRoot: "/nonexistent/sys",
    os: "linux",
    nowMs: () => 0,
    lazyInit: false,
    rescanIntervalMs: null,
    ...rest,
    env: (name) => env[name],
  };
}
