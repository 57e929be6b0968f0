/**
 * A session's process enrichment (`enrich_processes.ts`: `/proc` status, comm, cmdline, stat,
 * cgroup, user and pod names; 13 modules), imported only when there is a process to enrich or
 * a long-running session prepares it: a one-shot reading with no GPU process (a machine with no
 * GPU, or an idle one) never loads it. A sample with no process needs no enricher that never
 * saw one: it would return none and forget nothing.
 */
import type { BackendContext } from "../backends/backend.ts";
import type { GpuProcess } from "../model/types.ts";
import type { ProcessEnricher } from "./enrich_processes.ts";

export class LazyProcessEnricher {
  readonly #ctx: BackendContext;
  #enricher: ProcessEnricher | null = null;

  constructor(ctx: BackendContext) {
    this.#ctx = ctx;
  }

  /** Whether the enricher was made (its module imported). */
  get loaded(): boolean {
    return this.#enricher !== null;
  }

  /** A long-running session's enricher is made (and its `stat` reader chosen) before sampling. */
  async prepare(): Promise<void> {
    if ((this.#ctx.rescanIntervalMs ?? null) === null) return;
    await (await this.#load()).prepare();
  }

  /** The processes with `/proc`'s fields filled in (see `ProcessEnricher.enrich`). */
  async enrich(processes: readonly GpuProcess[]): Promise<GpuProcess[]> {
    if (this.#enricher === null && processes.length === 0) return [];
    return (await this.#load()).enrich(processes);
  }

  /** Frees what the enricher keeps open (kept-open `stat` files), if it was made. */
  close(): void {
    this.#enricher?.close();
  }

  async #load(): Promise<ProcessEnricher> {
    if (this.#enricher === null) {
      const { processEnricherFor } = await import("./enrich_processes.ts");
      this.#enricher ??= processEnricherFor(this.#ctx);
    }
    return this.#enricher;
  }
}
