/**
 * A session owns the opened backends: open once, sample many times (watch, top, serve),
 * close once. Every failure of a backend becomes its status; a sample always succeeds with
 * whatever the working backends gave.
 *
 * Deadlines: each backend's `open()` and `read()` gets `deadlineMs`. An open that has not
 * answered by then is `error: timed out… (still opening)` and joins the following samples
 * when it finishes; a read is `error: not answering…` (not_answering.ts) for this and every
 * sample until it returns, with the devices it reported last. Either way the others are
 * reported on schedule, and the call keeps running (it cannot be cancelled) with no second
 * one started until it returns. Only asynchronous work can be overtaken this way (a
 * nonblocking FFI init, a child program, a vendor library in the library worker): a
 * synchronous call holds the event loop until it returns.
 */
import type { Backend, BackendContext, BackendOpenResult } from "../backends/backend.ts";
import type { BackendPlan } from "./plan_backends.ts";
import { errorMessage } from "../model/errors.ts";
import { StableDeviceIndexes } from "../model/stable_index.ts";
import type {
  BackendId,
  BackendReading,
  BackendStatus,
  DeviceReading,
  Snapshot,
} from "../model/types.ts";
import { LazyProcessEnricher } from "./lazy_enricher.ts";
import { composeSnapshot, type RecordsSlot } from "./compose_snapshot.ts";
import { settleWithin } from "./deadline.ts";
import { failure, safeClose, skipped } from "./backend_status.ts";
import { deviceIdentities, notAnsweringDetail, notAnsweringReading } from "./not_answering.ts";

/** Generous for one-shot use: NVML init without persistence mode can take seconds. */
export const DEFAULT_DEADLINE_MS = 15_000;
/** How long close() waits for calls still running (a pending init) before giving up. */
export const CLOSE_WAIT_MS = 5_000;

export interface SessionOptions {
  /** Per-backend limit for one `read()` (and `open()`, unless given); default DEFAULT_DEADLINE_MS. */
  deadlineMs?: number | undefined;
  /** Per-backend limit for `open()`; default `deadlineMs`. */
  openDeadlineMs?: number | undefined;
}

interface Entry {
  plan: BackendPlan;
  backend: Backend | null;
  /** What open() said; the base of every later status. */
  opened: BackendStatus | null;
  /** The status shown now. */
  status: BackendStatus;
  /** An open() or read() that outlived its deadline and has not returned yet. */
  busy: Promise<unknown> | null;
  /** When the read that is `busy` was started (performance.now()). */
  busySinceMs: number;
  /** The identities of the devices of the last reading, shown while a read is not answering. */
  lastDevices: DeviceReading[];
}

export class Session {
  readonly #ctx: BackendContext;
  readonly #deadlineMs: number;
  readonly #openDeadlineMs: number;
  readonly #entries: Entry[];
  /** Caches per process instance in long-running sessions (`ctx.rescanIntervalMs` set). */
  readonly #enricher: LazyProcessEnricher;
  /**
   * Long-running sessions only: device indexes that stay with their device for the session's
   * life. One-shot readings number devices in PCI order from 0.
   */
  readonly #indexes: StableDeviceIndexes | null;
  /** Long-running sessions only: an unchanged process's merged record is handed out again. */
  readonly #records: RecordsSlot | null;
  #openPromise: Promise<void> | null = null;
  #closed = false;
  #closing: Promise<void> | null = null;

  constructor(plans: readonly BackendPlan[], ctx: BackendContext, options: SessionOptions = {}) {
    this.#ctx = ctx;
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#openDeadlineMs = options.openDeadlineMs ?? this.#deadlineMs;
    this.#enricher = new LazyProcessEnricher(ctx);
    this.#indexes = (ctx.rescanIntervalMs ?? null) !== null ? new StableDeviceIndexes() : null;
    this.#records = this.#indexes === null ? null : { records: null };
    this.#entries = plans.map((plan) => ({
      plan,
      backend: null,
      opened: null,
      status: skipped(plan.descriptor.id, plan.run ? "not opened" : plan.reason),
      busy: null,
      busySinceMs: 0,
      lastDevices: [],
    }));
  }

  /** The backend context this session's backends see. */
  get context(): BackendContext {
    return this.#ctx;
  }

  /** Opens every planned backend. Fallbacks open only when what they stand in for did not. */
  async open(): Promise<BackendStatus[]> {
    this.#openPromise ??= this.#openAll();
    await this.#openPromise;
    return this.statuses();
  }

  async #openAll(): Promise<void> {
    await this.#enricher.prepare();
    const planned = this.#entries.filter((e) => e.plan.run);
    const primaries = planned.filter((e) => !e.plan.descriptor.fallbackFor?.length);
    const fallbacks = planned.filter((e) => e.plan.descriptor.fallbackFor?.length);
    await Promise.all(primaries.map((entry) => this.#openOne(entry)));
    for (const entry of fallbacks) {
      const standIn = this.#okStandIn(entry);
      if (standIn) entry.status = skipped(entry.plan.descriptor.id, `not needed: ${standIn} is ok`);
      else await this.#openOne(entry);
    }
  }

  #okStandIn(entry: Entry): BackendId | undefined {
    return entry.plan.descriptor.fallbackFor?.find((id) =>
      this.#entries.some((e) => e.plan.descriptor.id === id && e.opened?.status === "ok")
    );
  }

  async #openOne(entry: Entry): Promise<void> {
    const id = entry.plan.descriptor.id;
    let backend: Backend;
    let opening: Promise<BackendOpenResult>;
    // Loading the backend's module is not part of its open deadline (and a backend that opens
    // synchronously then needs no deadline timer: see settleWithin).
    await entry.plan.descriptor.preload?.(this.#ctx);
    // Closed meanwhile (a stop, an abandoned one-shot): open nothing, start no program.
    if (this.#closed) return;
    try {
      backend = entry.plan.descriptor.create(this.#ctx);
      opening = backend.open();
    } catch (error) {
      entry.status = failure(id, errorMessage(error));
      return;
    }
    entry.backend = backend;
    const outcome = await settleWithin(opening, this.#openDeadlineMs);
    if (outcome.settled) {
      this.#applyOpen(entry, backend, outcome);
      return;
    }
    entry.status = failure(id, `timed out after ${this.#openDeadlineMs} ms ${STILL_OPENING}`);
    entry.busy = opening.then(
      (result) => this.#applyOpen(entry, backend, { settled: true, ok: true, value: result }),
      (error: unknown) => this.#applyOpen(entry, backend, { settled: true, ok: false, error }),
    ).finally(() => entry.busy = null);
  }

  /** Records an open's result; a late ok also retires any fallback standing in for it. */
  #applyOpen(
    entry: Entry,
    backend: Backend,
    outcome: { settled: true; ok: true; value: BackendOpenResult } | {
      settled: true;
      ok: false;
      error: unknown;
    },
  ): void {
    const id = entry.plan.descriptor.id;
    const status: BackendStatus = outcome.ok
      ? { id, ...outcome.value }
      : failure(id, errorMessage(outcome.error));
    entry.opened = status;
    entry.status = status;
    if (status.status !== "ok" || this.#closed) {
      safeClose(backend);
      if (status.status !== "ok") entry.backend = null;
      return;
    }
    for (const other of this.#entries) {
      if (other.plan.descriptor.fallbackFor?.includes(id) && other.backend !== null) {
        safeClose(other.backend);
        other.backend = null;
        other.opened = null;
        other.status = skipped(other.plan.descriptor.id, `not needed: ${id} is ok`);
      }
    }
  }

  statuses(): BackendStatus[] {
    return this.#entries.map((e) => ({ ...e.status }));
  }

  /** One reading of every open backend, merged. */
  async sample(): Promise<Snapshot> {
    await this.open();
    const readings = await Promise.all(this.#entries.map((entry) => this.#readOne(entry)));
    const inputs = readings.flatMap((r) => r ? [r] : []);
    return composeSnapshot(
      inputs,
      this.#indexes,
      this.#enricher,
      () => this.statuses(),
      this.#records,
    );
  }

  async #readOne(entry: Entry): Promise<{ id: BackendId; reading: BackendReading } | null> {
    const id = entry.plan.descriptor.id;
    const backend = entry.backend;
    if (backend === null || entry.opened?.status !== "ok") return null;
    if (entry.busy !== null) {
      return this.#notAnswering(entry, performance.now() - entry.busySinceMs);
    }
    let reading: Promise<BackendReading>;
    const startedMs = performance.now();
    try {
      reading = backend.read();
    } catch (error) {
      entry.status = failure(id, errorMessage(error), entry.opened);
      return null;
    }
    const outcome = await settleWithin(reading, this.#deadlineMs);
    if (!outcome.settled) {
      entry.busy = reading.catch(() => undefined).finally(() => entry.busy = null);
      entry.busySinceMs = startedMs;
      return this.#notAnswering(entry, this.#deadlineMs);
    }
    if (!outcome.ok) {
      entry.status = failure(id, errorMessage(outcome.error), entry.opened);
      return null;
    }
    const detail = outcome.value.detail;
    entry.status = detail !== undefined
      ? { ...entry.opened, detail: detail ?? entry.opened.detail }
      : { ...entry.opened };
    entry.lastDevices = deviceIdentities(outcome.value.devices);
    return { id, reading: outcome.value };
  }

  /** The status and reading of a backend whose read has been running `waitedMs`. */
  #notAnswering(entry: Entry, waitedMs: number): { id: BackendId; reading: BackendReading } | null {
    const id = entry.plan.descriptor.id;
    entry.status = failure(id, notAnsweringDetail(waitedMs), entry.opened ?? undefined);
    const reading = notAnsweringReading(id, entry.lastDevices, waitedMs);
    return reading === null ? null : { id, reading };
  }

  /**
   * Closes every backend once (each vendor library shut down exactly once), then waits, at
   * most CLOSE_WAIT_MS, for calls still running to return and be shut down too.
   */
  close(): Promise<void> {
    this.#closing ??= this.#closeAll();
    return this.#closing;
  }

  async #closeAll(): Promise<void> {
    this.#closed = true;
    this.#enricher.close(); // kept-open `stat` files
    const waits: Promise<unknown>[] = [];
    for (const entry of this.#entries) {
      if (entry.busy !== null) waits.push(entry.busy);
      const backend = entry.backend;
      if (backend === null) continue;
      safeClose(backend);
      if (backend.settled) waits.push(backend.settled().catch(() => undefined));
    }
    // One CLOSE_WAIT_MS for everything, not one per step (README: closing waits at most 5 s).
    const endMs = performance.now() + CLOSE_WAIT_MS;
    if (waits.length > 0) await settleWithin(Promise.all(waits), CLOSE_WAIT_MS);
    // A late open resolved during the wait was closed by #applyOpen; wait for its settling.
    const late = this.#entries.flatMap((e) => e.backend?.settled ? [e.backend.settled()] : []);
    const leftMs = endMs - performance.now();
    if (late.length > 0 && leftMs > 0) await settleWithin(Promise.all(late), leftMs);
  }
}

/** Ends the detail of a backend whose open() outlived its deadline and has not returned yet. */
const STILL_OPENING = "(still opening)";

/**
 * Whether this status is of a backend still opening (its open() timed out and has not
 * returned): it may yet join later readings with devices of its own.
 */
export function isStillOpening(status: BackendStatus): boolean {
  return status.status === "error" && (status.detail?.endsWith(STILL_OPENING) ?? false);
}
