/**
 * The library's one-call reading: open the chosen backends, sample (twice, `sampleWindowMs`
 * apart, when rates are wanted), close. Never throws for a missing GPU or library.
 */
import type { BackendContext, BackendDescriptor } from "../backends/backend.ts";
import { createBackendContext } from "../backends/context.ts";
import { BACKENDS } from "../backends/mod.ts";
import { planBackends } from "../backends/select.ts";
import type { BackendId, Snapshot } from "../model/types.ts";
import { Session } from "./session.ts";

export interface ReadSnapshotOptions {
  /** Only these backends (forcing them on where off by default); default: the OS's defaults. */
  backends?: readonly BackendId[] | null | undefined;
  procRoot?: string | undefined;
  sysRoot?: string | undefined;
  /** Take a second sample this long after the first, so rates (engine %, watts) are known. */
  sampleWindowMs?: number | undefined;
  lazyInit?: boolean | undefined;
  /**
   * Long-running use: walk every /proc fd directory at most this often, re-reading only known
   * DRM clients in between (null: a full walk every sample). `watchSnapshots` defaults to 2 s.
   */
  rescanIntervalMs?: number | null | undefined;
  /** For tests: a custom registry or context. */
  registry?: readonly BackendDescriptor[] | undefined;
  context?: BackendContext | undefined;
}

/** How often long-running readings walk all of /proc by default (`--rescan-interval`). */
export const DEFAULT_RESCAN_INTERVAL_MS = 2000;

export function createSession(options: ReadSnapshotOptions = {}): Session {
  const ctx = options.context ?? createBackendContext(options);
  const plans = planBackends(options.registry ?? BACKENDS, ctx.os, options.backends ?? null);
  return new Session(plans, ctx);
}

export async function readSnapshot(options: ReadSnapshotOptions = {}): Promise<Snapshot> {
  const session = createSession(options);
  try {
    await session.open();
    let snapshot = await session.sample();
    if (options.sampleWindowMs && options.sampleWindowMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, options.sampleWindowMs));
      snapshot = await session.sample();
    }
    return snapshot;
  } finally {
    session.close();
  }
}

/** Yields a snapshot every `intervalMs` (the first at once) until `count` or the signal. */
export async function* watchSnapshots(
  options: ReadSnapshotOptions & {
    intervalMs: number;
    count?: number | undefined;
    signal?: AbortSignal;
  },
): AsyncGenerator<Snapshot> {
  const session = createSession({ rescanIntervalMs: DEFAULT_RESCAN_INTERVAL_MS, ...options });
  try {
    await session.open();
    for (let n = 0; options.count === undefined || n < options.count; n++) {
      if (options.signal?.aborted) return;
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      yield await session.sample();
    }
  } finally {
    session.close();
  }
}
