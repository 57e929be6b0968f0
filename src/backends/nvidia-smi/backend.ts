/**
 * The nvidia-smi fallback: when NVML cannot be used but `nvidia-smi` runs, two CSV queries
 * (`--query-gpu`, `--query-compute-apps`) give devices and compute processes. The session
 * skips this backend when `nvml` opened ok (`fallbackFor`), so a GPU is never listed twice.
 *
 * Every failure is data: not found, a timeout, or a non-zero exit (exit 9, "NVIDIA-SMI has
 * failed because it couldn't communicate with the NVIDIA driver...") make the backend
 * `unavailable` with nvidia-smi's own first line. An nvidia-smi too old for one of the
 * fields (exit 2, `Field "compute_cap" is not a valid field to query.`) is asked once more
 * with a conservative field list, which is then kept. It never runs gputop itself (installed
 * as `nvidia-smi`, see find_program.ts), and marks the nvidia-smi it runs so that a wrapper
 * script around gputop refuses rather than answer for itself.
 *
 * Each query is a child program (run_program.ts). `close()` is final: a query in flight has
 * its group killed at once, and none starts after, so closing never waits out a hung
 * nvidia-smi's timeout.
 */
import { NVIDIA_SMI_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import type { BackendReading } from "../../model/types.ts";
import { NVIDIA_SMI_CHILD_ENV } from "../../platform/program_name.ts";
import { type ProgramResult, runProgram } from "../../platform/run_program.ts";
import { type ProgramLookup, resolveProgram, systemLookup } from "./find_program.ts";
import { APP_FIELDS, GPU_FIELDS, GPU_FIELDS_CONSERVATIVE, type GpuField } from "./fields.ts";
import { parseAppRows } from "./parse_app_rows.ts";
import { driverVersionOf, type GpuRows, parseGpuRows } from "./parse_gpu_rows.ts";

export const NVIDIA_SMI_TIMEOUT_MS = 5000;

export interface NvidiaSmiOptions {
  /** Limit for one nvidia-smi run (default 5 s; nvidia-smi can be slow without persistenced). */
  timeoutMs?: number;
  /** How programs are found on PATH, and which file is gputop itself (tests give their own). */
  lookup?: ProgramLookup;
}

const FORMAT = "--format=csv,noheader,nounits";
const INVALID_FIELD = /Field "([^"]*)" is not a valid field to query/;

/** Programs to try, in order: the explicit `GPUTOP_NVIDIA_SMI` alone, else the usual names. */
export function nvidiaSmiCandidates(ctx: BackendContext): string[] {
  const explicit = ctx.env("GPUTOP_NVIDIA_SMI");
  if (explicit) return [explicit];
  if (ctx.os !== "windows") return ["nvidia-smi"];
  const candidates = ["nvidia-smi.exe"];
  const programFiles = ctx.env("ProgramFiles");
  // Drivers before about 2019 put it here rather than in System32 (which is on PATH).
  if (programFiles) candidates.push(`${programFiles}\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe`);
  return candidates;
}

/** Every nvidia-smi found was gputop itself (its nvidia-smi entry): it must not run itself. */
function itselfDetail(ctx: BackendContext, path: string): string {
  return ctx.env("GPUTOP_NVIDIA_SMI")
    ? `GPUTOP_NVIDIA_SMI (${path}) is gputop itself, not nvidia-smi`
    : `the nvidia-smi on PATH (${path}) is gputop itself, and there is no other`;
}

function notFoundDetail(ctx: BackendContext, candidates: readonly string[]): string {
  if (ctx.env("GPUTOP_NVIDIA_SMI")) {
    return `nvidia-smi not found at ${candidates[0]} (GPUTOP_NVIDIA_SMI)`;
  }
  const elsewhere = candidates.slice(1);
  return "nvidia-smi not found on PATH" +
    (elsewhere.length ? ` or at ${elsewhere.join(", ")}` : "");
}

/** Longest program text quoted in a status detail (a wrapper may print anything). */
const MAX_MESSAGE_LENGTH = 200;

/**
 * nvidia-smi's own words for a failure: its first non-empty stderr line, else stdout's,
 * cut to `MAX_MESSAGE_LENGTH` characters.
 */
export function failureMessage(result: ProgramResult): string {
  if (result.kind !== "exit") return result.kind === "ok" ? "" : result.message;
  const firstLine = (text: string) => text.split("\n").map((line) => line.trim()).find(Boolean);
  const line = firstLine(result.stderr) ?? firstLine(result.stdout) ??
    `nvidia-smi exited with code ${result.code}`;
  return line.length > MAX_MESSAGE_LENGTH ? `${line.slice(0, MAX_MESSAGE_LENGTH)}…` : line;
}

function gpuQueryArgs(fields: readonly GpuField[]): string[] {
  return [`--query-gpu=${fields.join(",")}`, FORMAT];
}

const APP_QUERY_ARGS = [`--query-compute-apps=${APP_FIELDS.join(",")}`, FORMAT];

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

class NvidiaSmiBackend implements Backend {
  readonly id = "nvidia-smi" as const;
  readonly #ctx: BackendContext;
  readonly #timeoutMs: number;
  readonly #lookup: ProgramLookup | undefined;
  #program: string | null = null;
  #gpuFields: readonly GpuField[] = GPU_FIELDS;
  /** Set when the conservative field list is in use: which field the program rejected. */
  #fieldNote: string | null = null;
  /** The GPU rows `open()` obtained, used by the first `read()` instead of a rerun. */
  #pendingGpuRows: GpuRows | null = null;
  /** Aborted by `close()`: kills the queries in flight, and none starts after. */
  readonly #runs = new AbortController();

  constructor(ctx: BackendContext, options: NvidiaSmiOptions) {
    this.#ctx = ctx;
    this.#timeoutMs = options.timeoutMs ?? NVIDIA_SMI_TIMEOUT_MS;
    this.#lookup = options.lookup;
  }

  async open(): Promise<BackendOpenResult> {
    const candidates = nvidiaSmiCandidates(this.#ctx);
    const lookup = this.#lookup ?? systemLookup(this.#ctx.env, this.#ctx.os);
    let itself: string | null = null;
    for (const candidate of candidates) {
      const resolved = resolveProgram(candidate, lookup);
      if ("itself" in resolved) {
        itself ??= resolved.itself;
        continue;
      }
      const program = resolved.program;
      const result = await this.#queryGpu(program);
      if (result.kind === "not-found") continue;
      if (result.kind !== "ok") {
        return unavailable(failureMessage(result), program);
      }
      const rows = parseGpuRows(result.stdout, this.#gpuFields);
      const notUnderstood = nothingUnderstood(rows);
      if (notUnderstood !== null) {
        return { status: "error", detail: notUnderstood, library: program, version: null };
      }
      this.#program = program;
      this.#pendingGpuRows = rows;
      return {
        status: "ok",
        detail: this.#fieldNote,
        library: program,
        version: driverVersionOf(this.#pendingGpuRows.devices),
      };
    }
    const detail = itself === null
      ? notFoundDetail(this.#ctx, candidates)
      : itselfDetail(this.#ctx, itself);
    return unavailable(detail, null);
  }

  async read(): Promise<BackendReading> {
    const program = this.#program;
    if (program === null) throw new Error("nvidia-smi backend read before a successful open");
    const [gpuRows, appResult] = await Promise.all([
      this.#gpuRows(program),
      this.#run(program, APP_QUERY_ARGS),
    ]);
    if (typeof gpuRows === "string") throw new Error(gpuRows);
    const notUnderstood = nothingUnderstood(gpuRows);
    if (notUnderstood !== null) throw new Error(notUnderstood);
    const notes = this.#fieldNote ? [this.#fieldNote] : [];
    let rejected = gpuRows.rejected;
    let processes: BackendReading["processes"] = [];
    if (appResult.kind === "ok") {
      const appRows = parseAppRows(appResult.stdout, APP_FIELDS, gpuRows.devices);
      processes = appRows.processes;
      rejected += appRows.rejected;
    } else {
      notes.push(`processes not read: ${failureMessage(appResult)}`);
    }
    if (rejected > 0) notes.push(`${plural(rejected, "row", "rows")} not understood`);
    return {
      timestampMs: Date.now(),
      devices: gpuRows.devices,
      processes,
      detail: notes.length > 0 ? notes.join("; ") : null,
    };
  }

  close(): void {
    this.#runs.abort();
    this.#program = null;
    this.#pendingGpuRows = null;
  }

  /** The rows `open()` already has, else a fresh query's; a string says why it failed. */
  async #gpuRows(program: string): Promise<GpuRows | string> {
    const pending = this.#pendingGpuRows;
    if (pending !== null) {
      this.#pendingGpuRows = null;
      return pending;
    }
    const result = await this.#queryGpu(program);
    return result.kind === "ok"
      ? parseGpuRows(result.stdout, this.#gpuFields)
      : failureMessage(result);
  }

  /**
   * Runs the GPU query with the current field list; when nvidia-smi names one of the fields
   * as unknown, switches once to the conservative list and runs that.
   */
  async #queryGpu(program: string): Promise<ProgramResult> {
    const result = await this.#run(program, gpuQueryArgs(this.#gpuFields));
    if (result.kind !== "exit" || this.#gpuFields === GPU_FIELDS_CONSERVATIVE) return result;
    const invalid = INVALID_FIELD.exec(`${result.stderr}\n${result.stdout}`);
    if (!invalid) return result;
    this.#gpuFields = GPU_FIELDS_CONSERVATIVE;
    this.#fieldNote = `nvidia-smi does not know the field "${invalid[1]}"; ` +
      `using the field set for older drivers`;
    return this.#run(program, gpuQueryArgs(this.#gpuFields));
  }

  #run(program: string, args: readonly string[]): Promise<ProgramResult> {
    // The marker makes a gputop started as this nvidia-smi (a wrapper script) refuse at once.
    const env = { [NVIDIA_SMI_CHILD_ENV]: "1" };
    return runProgram(program, args, {
      timeoutMs: this.#timeoutMs,
      signal: this.#runs.signal,
      env,
    });
  }
}

/**
 * Why the GPU query's answer is unusable: no row at all (exit 0 with empty output: not
 * nvidia-smi, which says "No devices were found" and exits non-zero when there is no GPU,
 * but a wrapper or a stand-in such as /bin/true), or rows none of which was understood (a
 * wrapper printing something else, a changed format). Null when some row was a device.
 */
function nothingUnderstood(rows: GpuRows): string | null {
  if (rows.devices.length > 0) return null;
  if (rows.rejected === 0) return "no output (nvidia-smi exited 0 and printed no GPU row)";
  return `no row of nvidia-smi's output understood (${plural(rows.rejected, "row", "rows")}, ` +
    `first: ${JSON.stringify(rows.firstRejected ?? "")})`;
}

function unavailable(detail: string, program: string | null): BackendOpenResult {
  return { status: "unavailable", detail, library: program, version: null };
}

/** For tests: the backend with a shorter timeout. */
export function createNvidiaSmiBackend(
  ctx: BackendContext,
  options: NvidiaSmiOptions = {},
): Backend {
  return new NvidiaSmiBackend(ctx, options);
}

export const nvidiaSmiBackend: BackendDescriptor = {
  ...NVIDIA_SMI_INFO,
  create: (ctx) => createNvidiaSmiBackend(ctx),
};
