/** Shared pieces of the NVML backend tests: a context, and tests that need the fake. */
import type { BackendContext } from "../../../src/backends/backend.ts";
import { fakeNvmlUnavailableReason } from "../../fakes/nvml/build_fake_nvml.ts";

export interface ContextOptions {
  env?: Record<string, string>;
  os?: typeof Deno.build.os;
  lazyInit?: boolean;
}

/** A context whose environment is exactly `env` (nothing from the real process). */
export function nvmlContext(options: ContextOptions = {}): BackendContext {
  const env = options.env ?? {};
  return {
    procRoot: "/proc",
    sysRoot: "/sys",
    env: (name) => env[name],
    os: options.os ?? "linux",
    nowMs: () => performance.now(),
    lazyInit: options.lazyInit ?? false,
  };
}

/** A test that needs the compiled fake; ignored, with the reason in its name, without cc. */
export function fakeNvmlTest(name: string, fn: () => Promise<void>): void {
  const reason = fakeNvmlUnavailableReason();
  Deno.test({
    name: reason === null ? name : `${name} (skipped: ${reason})`,
    ignore: reason !== null,
    fn,
  });
}
