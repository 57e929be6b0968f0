/**
 * Which backends run: by default those on for this OS whose device nodes are there (when a
 * context is given to look in); with `--backends LIST` exactly the named ones, even where off by
 * default (so `--backends macmon` runs macmon on Linux) or without device nodes.
 */
import type { BackendId } from "../model/types.ts";
import type { BackendContext, BackendDescriptor } from "../backends/backend.ts";

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
  ctx: BackendContext | null = null,
): BackendPlan[] {
  return registry.map((descriptor): BackendPlan => {
    if (requested !== null) {
      return requested.includes(descriptor.id) ? { descriptor, run: true } : {
        descriptor,
        run: false,
        reason: wording === "cli" ? "not selected by --backends" : "not selected",
      };
    }
    const force = wording === "cli"
      ? `use --backends ${descriptor.id} to force it`
      : "name it in the backends option to force it";
    if (!descriptor.defaultOn(os)) {
      return { descriptor, run: false, reason: `off by default on ${os}; ${force}` };
    }
    const missing = ctx === null ? null : missingDeviceNodes(descriptor, ctx);
    return missing === null
      ? { descriptor, run: true }
      : { descriptor, run: false, reason: `${missing}; ${force}` };
  });
}

/** Why a default-on backend is skipped for lack of device nodes; null when it runs. */
function missingDeviceNodes(descriptor: BackendDescriptor, ctx: BackendContext): string | null {
  const check = descriptor.deviceNodes;
  if (check === undefined || ctx.os !== "linux") return null;
  // A library (or program) path given explicitly is the user's choice: always tried.
  if (ctx.env(check.override)) return null;
  return check.missing(ctx);
}
