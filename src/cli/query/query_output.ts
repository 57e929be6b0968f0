/**
 * What one query prints for each reading: the fields asked for, resolved against the
 * `--query-gpu` or `--query-compute-apps` table, rendered as nvidia-smi's CSV. Compute apps
 * read each process's first argument from /proc here (the snapshot does not keep it).
 */
import { createBackendContext } from "../../session/backend_context.ts";
import type { Snapshot } from "../../model/types.ts";
import {
  APP_QUERY_FIELDS,
  type AppQueryRow,
  computeAppRows,
  isComputeApp,
} from "../../render/nvsmi_query/app_fields.ts";
import { GPU_QUERY_FIELDS, type GpuQueryRow } from "../../render/nvsmi_query/gpu_fields.ts";
import { gpuQueryRows, renderQueryCsv } from "../../render/nvsmi_query/query_csv.ts";
import type { QueryField } from "../../render/nvsmi_query/query_field.ts";
import { resolveQueryFields } from "../../render/nvsmi_query/resolve_fields.ts";
import { readFirstArguments } from "../../session/first_arguments.ts";
import type { QueryRequest } from "./parse_query_args.ts";

export interface QueryOutput {
  /** One reading's lines, the header first when `withHeader`. */
  block(snapshot: Snapshot, withHeader: boolean): string;
  /**
   * Whether a field asked for is a rate (utilization, power) that some device of this first
   * sample lacks: a second sample may know it (fdinfo engine time, energy counters).
   */
  wantsSecondSample(snapshot: Snapshot): boolean;
}

/** The output for a `--query-gpu` / `--query-compute-apps` request, or the unknown field. */
export function queryOutput(
  request: QueryRequest,
): { ok: true; output: QueryOutput } | { ok: false; unknown: string } {
  if (request.mode === "gpu") {
    const resolved = resolveQueryFields(request.fields, GPU_QUERY_FIELDS);
    return resolved.ok ? { ok: true, output: gpuOutput(request, resolved.fields) } : resolved;
  }
  const resolved = resolveQueryFields(request.fields, APP_QUERY_FIELDS);
  return resolved.ok ? { ok: true, output: appOutput(request, resolved.fields) } : resolved;
}

function gpuOutput(request: QueryRequest, fields: QueryField<GpuQueryRow>[]): QueryOutput {
  const rates = fields.filter((field) => field.rate);
  return {
    block: (snapshot, withHeader) =>
      renderQueryCsv(gpuQueryRows(snapshot), fields, { ...request.format, header: withHeader }),
    wantsSecondSample: (snapshot) =>
      gpuQueryRows(snapshot).some((row) => rates.some((field) => field.value(row) === null)),
  };
}

function appOutput(request: QueryRequest, fields: QueryField<AppQueryRow>[]): QueryOutput {
  // The /proc the session reads: --proc-root, else GPUTOP_PROC_ROOT, else proc under --root.
  const { root, procRoot: given } = request.options;
  const procRoot = createBackendContext({ root, procRoot: given }).procRoot;
  return {
    block: (snapshot, withHeader) => {
      const pids = snapshot.processes.filter(isComputeApp).map((process) => process.pid);
      const firstArguments = readFirstArguments(pids, procRoot);
      const rows = computeAppRows(snapshot, firstArguments);
      return renderQueryCsv(rows, fields, { ...request.format, header: withHeader });
    },
    wantsSecondSample: () => false,
  };
}
