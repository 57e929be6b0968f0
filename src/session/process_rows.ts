/**
 * The enriched process rows of a long-running session, handed out again while unchanged (issue
 * 23: the memory of long runs). An idle process's merged row carries the very memory and engine
 * objects of the last sample (the DRM sampler hands its usages out again: `pid_usage_runs.ts`)
 * and its facts are the last sample's object (`sampledFacts`), so the row `withFacts` would make
 * equals the last one field for field: the last one is returned instead. Rows are never changed
 * once made (the number guard copies a row it must change), so this is safe; what a snapshot
 * holds is then mostly objects that already survived, which keeps V8's young generation from
 * growing with each sample's survivors. Rows are matched by position: an idle sample lists its
 * processes in the same order; after any change of order the rows are simply made anew.
 */
import type { GpuProcess } from "../model/types.ts";
import { type ProcessFacts, withFacts } from "./process_facts.ts";

/** The fields `withFacts` sets from the facts; every other field comes from the merged row. */
const FACT_FIELD_LIST: readonly string[] = [
  "name",
  "command",
  "user",
  "rssBytes",
  "container",
  "pod",
  "containerPid",
  "cpuPercent",
  "startTime",
  "state",
];
const FACT_FIELDS = new Set<string>(FACT_FIELD_LIST);

export class ProcessRows {
  #last: readonly GpuProcess[] = [];
  /** What each row of `#last` was made from (or found equal to), by position. */
  #lastMerged: readonly GpuProcess[] = [];
  #lastFacts: readonly ProcessFacts[] = [];

  /** The rows of this sample: `withFacts` of each process, or the last sample's equal row. */
  rowsOf(
    processes: readonly GpuProcess[],
    factsOf: (process: GpuProcess) => ProcessFacts,
  ): GpuProcess[] {
    const [last, lastMerged, lastFacts] = [this.#last, this.#lastMerged, this.#lastFacts];
    const rows: GpuProcess[] = new Array(processes.length);
    const facts: ProcessFacts[] = new Array(processes.length);
    for (let i = 0; i < processes.length; i++) {
      const process = processes[i]!;
      const factsNow = facts[i] = factsOf(process);
      const before = last[i];
      // The very objects the last row was made from (an idle process: its merged record and
      // facts are handed out again) make the same row: no field compared.
      const same = before !== undefined &&
        ((lastMerged[i] === process && lastFacts[i] === factsNow) ||
          sameRow(before, process, factsNow));
      rows[i] = same ? before : withFacts(process, factsNow);
    }
    [this.#last, this.#lastMerged, this.#lastFacts] = [rows, processes, facts];
    return rows;
  }
}

/** Whether `withFacts(process, facts)` would equal `row` in every field (same objects). */
function sameRow(row: GpuProcess, process: GpuProcess, facts: ProcessFacts): boolean {
  if (
    row.pid !== process.pid || row.name !== (facts.name ?? process.name) ||
    row.command !== (facts.command ?? process.command) ||
    row.user !== (process.user ?? facts.user) ||
    row.rssBytes !== (process.rssBytes ?? facts.rssBytes) || row.container !== facts.container ||
    row.pod !== facts.pod || row.containerPid !== facts.containerPid ||
    row.cpuPercent !== facts.cpuPercent || row.startTime !== facts.startTime ||
    row.state !== facts.state
  ) return false;
  const fields = row as unknown as Record<string, unknown>;
  const merged = process as unknown as Record<string, unknown>;
  let count = 0;
  for (const key in merged) {
    count++;
    if (!FACT_FIELDS.has(key) && fields[key] !== merged[key]) return false;
  }
  // The same fields, none more: a row of another shape is made anew.
  let rowCount = 0;
  for (const _key in fields) rowCount++;
  return rowCount === count + countMissingFacts(merged);
}

/** Fact fields `withFacts` adds that the merged row lacks (it normally has them all). */
function countMissingFacts(merged: Record<string, unknown>): number {
  let missing = 0;
  // An indexed loop: no iterator per row per sample.
  for (let i = 0; i < FACT_FIELD_LIST.length; i++) if (!(FACT_FIELD_LIST[i]! in merged)) missing++;
  return missing;
}
