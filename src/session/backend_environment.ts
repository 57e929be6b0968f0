/**
 * The environment a session's backends will read, checked before it opens, so that the CLI can
 * refuse a bad value as a usage error in the commands that would use it and in no other (a
 * GPUTOP_MACMON_TIMEOUT_MS of `abc` fails `gputop --backends macmon`, not `gputop version`, nor
 * a reading on Linux where macmon does not run).
 */
import { BACKENDS } from "../backends/mod.ts";
import {
  invalidMacmonTimeoutMessage,
  MACMON_TIMEOUT_VARIABLE,
  readMacmonTimeout,
} from "../model/macmon_timeout.ts";
import type { BackendId } from "../model/types.ts";
import { planBackends } from "./plan_backends.ts";

/** The one-line problem with a variable a planned backend reads; null when there is none. */
export function backendEnvironmentProblem(
  requested: readonly BackendId[] | null,
  env: (name: string) => string | undefined,
  os: typeof Deno.build.os = Deno.build.os,
): string | null {
  const runs = (id: BackendId) =>
    planBackends(BACKENDS, os, requested).some((plan) => plan.run && plan.descriptor.id === id);
  if (runs("macmon")) {
    const timeout = readMacmonTimeout(env(MACMON_TIMEOUT_VARIABLE));
    if (!timeout.ok) return invalidMacmonTimeoutMessage(timeout.text);
  }
  return null;
}
