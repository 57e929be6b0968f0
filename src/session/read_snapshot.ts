/**
 * The library's readings: `readSnapshot` (open the chosen backends, sample — twice,
 * `sampleWindowMs` apart, when rates are wanted — close) and `watchSnapshots` (one session
 * for many samples on a fixed schedule). Never throw for a missing GPU or library.
 */
import type { BackendContext, BackendDescriptor } from "../backends/backend.ts";
import { createBackendContext } from "./backend_context.ts";
import { BACKENDS } from "../backends/mod.ts";
import { planBackends, type PlanWording } from "./plan_backends.ts";
import type { BackendId, Snapshot } from "../model/types.ts";
import { sleepMs } from "./deadline.ts";
import { DEFAULT_RESCAN_INTERVAL_MS } from "./rescan_interval.ts";
import { Session } from "./session.ts";

/** Options of {@linkcode readSnapshot}. */
export interface ReadSnapshotOptions {
  /** Only these backends (forcing them on where off by default); default: the OS's defaults. */
  backends?: readonly BackendId[] | null | undefined;
  /**
   * The host's root (as node_exporter's `--path.rootfs`): `proc`, `sys`, `etc/passwd` and
   * `var/log/pods` are read under it; `procRoot` and `sysRoot` override their part. Default
   * `GPUTOP_ROOT`, else `/`.
   */
  root?: string | undefined;
  /** Root of the proc filesystem; default `GPUTOP_PROC_ROOT`, `<root>/proc` or `/proc`. */
  procRoot?: string | undefined;
  /** Root of the sys filesystem; default `GPUTOP_SYS_ROOT`, `<root>/sys` or `/sys`. */
  sysRoot?: string | undefined;
  /** Take a second sample this long after the first, so rates (engine %, watts) are known. */
  sampleWindowMs?: number | undefined;
  /**
   * Initialise and shut down vendor libraries around every sample instead of once per
   * session; default `GPUTOP_LAZY_INIT=1`, else false.
   */
  lazyInit?: boolean | undefined;
  /**
   * Per-backend limit for one open or read, in ms: a backend slower than this is reported
   * as `error` for that sample ("timed out … (still opening)", or "not answering …" for a read,
   * until it returns). Default 15 000 (one-shot) or the interval (watch).
   */
  deadlineMs?: number | undefined;
  /** The same for opening a backend; default `deadlineMs` (watch: at least 1 s). */
  openDeadlineMs?: number | undefined;
  /** For tests: a custom registry. */
  registry?: readonly BackendDescriptor[] | undefined;
  /** For tests: a custom backend context. */
  context?: BackendContext | undefined;
}

/** Continuous-mode settings for a session that samples many times (watch, top, serve). */
export interface ContinuousOptions {
  /** The sampling interval in ms (macmon streams at this rate). */
  intervalMs: number;
  /** Full /proc fd walk at most this often; default 2000 ms. */
  rescanIntervalMs?: number | undefined;
}

/** Default `--rescan-interval` of the continuous modes. */
export { DEFAULT_RESCAN_INTERVAL_MS } from "./rescan_interval.ts";

/**
 * A session over the chosen backends. One-shot unless `continuous` is given. Internal: the
 * CLI's long-running commands use it; library users use readSnapshot / watchSnapshots.
 */
export function createSession(
  options: ReadSnapshotOptions = {},
  continuous: ContinuousOptions | null = null,
  wording: PlanWording = "cli",
): Session {
  const registry = options.registry ?? BACKENDS;
  checkOptions(options, registry);
  const ctx = options.context ?? createBackendContext({
    root: options.root,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
    rescanIntervalMs: continuous ? continuous.rescanIntervalMs ?? DEFAULT_RESCAN_INTERVAL_MS : null,
    sampleIntervalMs: continuous ? continuous.intervalMs : null,
  });
  const plans = planBackends(registry, ctx.os, options.backends ?? null, wording, ctx);
  return new Session(plans, ctx, {
    deadlineMs: options.deadlineMs,
    openDeadlineMs: options.openDeadlineMs,
  });
}

/**
 * The library's guard against a mistake that would otherwise read as "no GPU": a backend id
 * that does not exist (TypeError when `backends` is not an array, RangeError for an unknown
 * id) and a `root` / `procRoot` / `sysRoot` given but not a directory (RangeError). Each message
 * starts with the option's name. Defaults (`/proc`, `/sys`, the environment) are not checked:
 * their absence is a status (macOS has no `/sys`).
 */
export function checkOptions(
  options: ReadSnapshotOptions,
  registry: readonly BackendDescriptor[],
): void {
  const { backends } = options;
  if (backends !== undefined && backends !== null) {
    if (!Array.isArray(backends)) throw new TypeError("backends: expected an array of backend ids");
    const known = registry.map((d) => d.id as string);
    for (const id of backends) {
      if (!known.includes(id)) {
        throw new RangeError(
          `backends: unknown backend ${JSON.stringify(id)} (known: ${known.join(", ")})`,
        );
      }
    }
  }
  for (const name of ["root", "procRoot", "sysRoot"] as const) {
    const root = options[name];
    if (root === undefined) continue;
    if (typeof root !== "string") throw new TypeError(`${name}: expected a directory path`);
    if (!isDirectory(root)) throw new RangeError(`${name}: '${root}' is not a directory`);
  }
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** One reading of every available GPU and the processes using it (see src/mod.ts). */
export async function readSnapshot(options: ReadSnapshotOptions = {}): Promise<Snapshot> {
  const session = createSession(options, null, "library");
  try {
    await session.open();
    let snapshot = await session.sample();
    if (options.sampleWindowMs && options.sampleWindowMs > 0) {
      await sleepMs(options.sampleWindowMs);
      snapshot = await session.sample();
    }
    return snapshot;
  } finally {
    await session.close();
  }
}
