/**
 * What the main thread and the library worker (library_worker.ts) say to each other, and the
 * backend context as it crosses over. A context holds functions (the environment lookup, the
 * clock), which cannot be posted: the worker gets the plain fields, and the main context's
 * answers for every variable a vendor library backend reads, taken when the backend opens.
 */
import type { BackendContext, BackendOpenResult } from "./backend.ts";
import type { BackendReading } from "../model/types.ts";

/** The backends the worker can run: those over a vendor library. */
export const WORKER_BACKEND_IDS = ["nvml", "level-zero", "amdsmi"] as const;
export type WorkerBackendId = typeof WORKER_BACKEND_IDS[number];

/**
 * Every environment variable the vendor library backends and src/ffi look up (the library
 * overrides, Level Zero's Sysman switch, the Windows folders). The worker refuses a lookup
 * of any other name, so one added to a backend and not here fails loudly in the tests
 * (test/backends/library_worker_messages_test.ts checks this list against the sources).
 */
export const LIBRARY_ENVIRONMENT = [
  "GPUTOP_NVML_LIB",
  "GPUTOP_ZE_LIB",
  "GPUTOP_AMDSMI_LIB",
  "ZES_ENABLE_SYSMAN",
  "ProgramFiles",
  "SystemRoot",
  "SYSTEMROOT",
] as const;

/** A backend context without its functions: what can be posted to the worker. */
export interface WorkerContext {
  procRoot: string;
  sysRoot: string;
  os: typeof Deno.build.os;
  lazyInit: boolean;
  rescanIntervalMs: number | null;
  sampleIntervalMs: number | null;
  /** The main context's value of each LIBRARY_ENVIRONMENT variable that is set. */
  env: Record<string, string>;
}

/** What the main thread asks; one request at a time, each answered once, by its `id`. */
export type WorkerRequest =
  | { kind: "open"; id: number; backend: WorkerBackendId; context: WorkerContext }
  | { kind: "read"; id: number }
  | { kind: "close"; id: number };

/**
 * The answer to one request: its result, or the message of what it threw. A close is also
 * acknowledged the moment the worker takes it, before the library is shut down: a worker
 * that cannot even acknowledge is held by a call that has not returned.
 */
export type WorkerReply =
  | { id: number; ok: true; value: BackendOpenResult | BackendReading | null }
  | { id: number; ok: false; message: string }
  | { id: number; acknowledged: true };

/** The posted form of `ctx`. */
export function workerContext(ctx: BackendContext): WorkerContext {
  const env: Record<string, string> = {};
  for (const name of LIBRARY_ENVIRONMENT) {
    const value = ctx.env(name);
    if (value !== undefined) env[name] = value;
  }
  return {
    procRoot: ctx.procRoot,
    sysRoot: ctx.sysRoot,
    os: ctx.os,
    lazyInit: ctx.lazyInit,
    rescanIntervalMs: ctx.rescanIntervalMs,
    sampleIntervalMs: ctx.sampleIntervalMs ?? null,
    env,
  };
}

/** The worker's own context from the posted one; its clock is the worker's monotonic clock. */
export function contextInWorker(posted: WorkerContext): BackendContext {
  const known: readonly string[] = LIBRARY_ENVIRONMENT;
  return {
    procRoot: posted.procRoot,
    sysRoot: posted.sysRoot,
    os: posted.os,
    lazyInit: posted.lazyInit,
    rescanIntervalMs: posted.rescanIntervalMs,
    sampleIntervalMs: posted.sampleIntervalMs,
    nowMs: () => performance.now(),
    env(name) {
      if (!known.includes(name)) {
        throw new Error(`${name} is not passed to the library worker (LIBRARY_ENVIRONMENT)`);
      }
      return posted.env[name];
    },
  };
}

/** Whether `id` names a backend the worker can run. */
export function isWorkerBackendId(id: string): id is WorkerBackendId {
  return (WORKER_BACKEND_IDS as readonly string[]).includes(id);
}
