/**
 * What a command that reads devices hands its session: the backends, roots and library
 * lifetime it was given, once the environment those backends will read has been checked (a
 * bad GPUTOP_MACMON_TIMEOUT_MS is a usage error where macmon would run, as a bad flag is).
 */
import { backendEnvironmentProblem } from "../session/backend_environment.ts";
import type { BackendId } from "../model/types.ts";
import { UsageError } from "../platform/usage_error.ts";
import type { CliOptions } from "./cli_options.ts";

export interface CliSessionOptions {
  backends: BackendId[] | null;
  root: string | undefined;
  procRoot: string | undefined;
  sysRoot: string | undefined;
  lazyInit: boolean;
}

export function sessionOptionsOf(
  options: CliOptions,
  env: (name: string) => string | undefined,
): CliSessionOptions {
  const problem = backendEnvironmentProblem(options.backends, env);
  if (problem !== null) throw new UsageError(problem);
  return {
    backends: options.backends,
    root: options.root,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
  };
}
