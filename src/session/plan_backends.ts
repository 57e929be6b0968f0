/**
 * Which backends run: by default those on for this OS; with `--backends LIST` exactly the
 * named ones, even where off by default (so `--backends macmon` runs macmon on Linux).
 */
import type { BackendId } from "../model/types.ts";
import type { BackendDescriptor } from "../backends/backend.ts";

export type BackendPlan =
  | { descriptor: BackendDescriptor; run: true }
  | { descriptor: BackendDescriptor; run: false; reason: string };

/**
 * Whose words the skip reasons use: the CLI's (`--backends`) or the library's (the
 * `backends` option), so that a library user is not told about a flag they cannot pass.
 */
export type PlanWording = "cli" | "library";

export function planBackends(
  registry: readonly BackendDescriptor[],
  os: typeof Deno.build.os,
  requested: readonly BackendId[] | null,
  wording: PlanWording = "cli",
): BackendPlan[] {
  return registry.map((descriptor): BackendPlan => {
    if (requested !== null) {
      return requested.includes(descriptor.id) ? { descriptor, run: true } : {
        descriptor,
        run: false,
        reason: wording === "cli" ? "not selected by --backends" : "not selected",
      };
    }
    return descriptor.defaultOn(os) ? { descriptor, run: true } : {
      descriptor,
      run: false,
      reason: wording === "cli"
        ? `off by default on ${os}; use --backends ${descriptor.id} to force it`
        : `off by default on ${os}; name it in the backends option to force it`,
    };
  });
}
