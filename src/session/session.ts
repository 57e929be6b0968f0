/**
 * A session owns the opened backends: open once, sample many times (watch, top, serve),
 * close once. Every failure of a backend becomes its status; a sample always succeeds with
 * whatever the working backends gave.
 */
import type { Backend, BackendContext, BackendOpenResult } from "../backends/backend.ts";
import type { BackendPlan } from "../backends/select.ts";
import { errorMessage } from "../model/errors.ts";
import { mergeReadings } from "../model/merge.ts";
import { sanitizeSnapshot } from "../model/sanitize_snapshot.ts";
import { SCHEMA_VERSION } from "../model/schema.ts";
import type {
  BackendId,
  BackendReading,
  BackendStatus,
  GpuProcess,
  Snapshot,
} from "../model/types.ts";
import { enrichProcesses } from "./enrich_processes.ts";

interface OpenBackend {
  backend: Backend;
  status: BackendStatus;
}

export class Session {
  readonly #plans: readonly BackendPlan[];
  readonly #ctx: BackendContext;
  #open: OpenBackend[] = [];
  #statuses: BackendStatus[] = [];
  #opened = false;

  constructor(plans: readonly BackendPlan[], ctx: BackendContext) {
    this.#plans = plans;
    this.#ctx = ctx;
  }

  /** Opens every planned backend. Fallbacks open only when what they stand in for did not. */
  async open(): Promise<BackendStatus[]> {
    if (this.#opened) return this.statuses();
    this.#opened = true;
    const results = new Map<BackendId, BackendStatus>();
    const primaries = this.#plans.filter((p) => p.run && !p.descriptor.fallbackFor?.length);
    const fallbacks = this.#plans.filter((p) => p.run && p.descriptor.fallbackFor?.length);
    await Promise.all(primaries.map((plan) => this.#openOne(plan, results)));
    for (const plan of fallbacks) {
      const standIn = plan.descriptor.fallbackFor?.find((id) => results.get(id)?.status === "ok");
      if (standIn) {
        results.set(
          plan.descriptor.id,
          skipped(plan.descriptor.id, `not needed: ${standIn} is ok`),
        );
      } else {
        await this.#openOne(plan, results);
      }
    }
    this.#statuses = this.#plans.map((plan) =>
      results.get(plan.descriptor.id) ??
        skipped(plan.descriptor.id, plan.run ? "not opened" : plan.reason)
    );
    return this.statuses();
  }

  async #openOne(plan: BackendPlan, results: Map<BackendId, BackendStatus>): Promise<void> {
    const id = plan.descriptor.id;
    let backend: Backend;
    let result: BackendOpenResult;
    try {
      backend = plan.descriptor.create(this.#ctx);
      result = await backend.open();
    } catch (error) {
      results.set(id, {
        id,
        status: "error",
        detail: errorMessage(error),
        library: null,
        version: null,
      });
      return;
    }
    const status: BackendStatus = { id, ...result };
    results.set(id, status);
    if (result.status === "ok") this.#open.push({ backend, status });
    else safeClose(backend);
  }

  statuses(): BackendStatus[] {
    return this.#statuses.map((s) => ({ ...s }));
  }

  /** One reading of every open backend, merged. */
  async sample(): Promise<Snapshot> {
    if (!this.#opened) await this.open();
    const readings = await Promise.all(this.#open.map((entry) => this.#readOne(entry)));
    const inputs = readings.flatMap((r) => r ? [r] : []);
    const merged = mergeReadings(inputs);
    const processes: GpuProcess[] = enrichProcesses(merged.processes, this.#ctx.procRoot);
    // The contract's last guard: no parser's number reaches the output unchecked.
    return sanitizeSnapshot({
      schemaVersion: SCHEMA_VERSION,
      timestamp: new Date().toISOString(),
      hostname: hostnameOrNull(),
      backends: this.statuses(),
      devices: merged.devices,
      processes,
    });
  }

  async #readOne(entry: OpenBackend): Promise<{ id: BackendId; reading: BackendReading } | null> {
    const index = this.#statuses.findIndex((s) => s.id === entry.status.id);
    try {
      const reading = await entry.backend.read();
      if (reading.detail !== undefined && index >= 0) {
        this.#statuses[index] = { ...entry.status, detail: reading.detail ?? entry.status.detail };
      } else if (index >= 0) {
        this.#statuses[index] = { ...entry.status };
      }
      return { id: entry.status.id, reading };
    } catch (error) {
      if (index >= 0) {
        this.#statuses[index] = { ...entry.status, status: "error", detail: errorMessage(error) };
      }
      return null;
    }
  }

  close(): void {
    for (const entry of this.#open) safeClose(entry.backend);
    this.#open = [];
  }
}

function skipped(id: BackendId, detail: string): BackendStatus {
  return { id, status: "skipped", detail, library: null, version: null };
}

function safeClose(backend: Backend): void {
  try {
    backend.close();
  } catch {
    // A library that fails to shut down must not take the reading with it.
  }
}

function hostnameOrNull(): string | null {
  try {
    return Deno.hostname();
  } catch {
    return null;
  }
}
