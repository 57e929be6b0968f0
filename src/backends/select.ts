/**
 * Which backends run: by default those on for this OS; with `--backends LIST` exactly the
 * named ones, even where off by default (so `--backends macmon` runs macmon on Linux).
 */
import type { BackendId } from "../model/types.ts";
import type { BackendDescriptor } from "./backend.ts";

export type BackendPlan =
  | { descriptor: BackendDescriptor; run: true }
  | { descriptor: BackendDescriptor; run: false; reason: string };

export function planBackends(
  registry: readonly BackendDescriptor[],
  os: typeof Deno.build.os,
  requested: readonly BackendId[] | null,
): BackendPlan[] {
  return registry.map((descriptor): BackendPlan => {
    if (requested !== null) {
      return requested.includes(descriptor.id)
        ? { descriptor, run: true }
        : { descriptor, run: false, reason: "not selected by --backends" };
    }
    return descriptor.defaultOn(os) ? { descriptor, run: true } : {
      descriptor,
      run: false,
      reason: `off by default on ${os}; use --backends ${descriptor.id} to force it`,
    };
  });
}
