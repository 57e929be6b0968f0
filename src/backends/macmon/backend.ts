/**
 * Apple Silicon through vladkens/macmon: each reading runs `macmon -i 200 pipe -s 1`, which
 * samples for 200 ms (macmon's minimum is 100), prints one JSON line and exits. `open()`
 * keeps its sample for the first `read()`, so a one-shot snapshot runs macmon once.
 *
 * Flags: `pipe -s` exists since macmon 0.4.2; `-i` comes before `pipe` because it only became
 * a global flag in 0.5.0 (0.4.2 accepts it before the subcommand only). `--soc-info` (0.6.1+)
 * adds the chip name; an older macmon rejects it (clap exits 2 naming the flag), so open()
 * retries without it and the device is called "Apple GPU".
 *
 * Environment: `GPUTOP_MACMON` names the program (default `macmon` on PATH);
 * `GPUTOP_MACMON_TIMEOUT_MS` bounds each run (default 10 000 ms: before 0.8 macmon starts by
 * running `system_profiler`, which can take seconds).
 *
 * In a continuous mode (watch, top, serve: `ctx.sampleIntervalMs` set) macmon instead runs
 * once as a stream, `macmon -i INTERVAL pipe [--soc-info]`, kept by `MacmonPipeStream`
 * (own process group, newest sample only, restarted if it dies, group killed at close).
 *
 * macmon reports no processes and no GPU memory of its own: memory figures are the
 * machine's RAM (unified memory, `memoryShared: true`).
 */
import { MACMON_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import type { BackendReading, DeviceReading } from "../../model/types.ts";
import { type ProgramResult, runProgram } from "../../platform/run_program.ts";
import { bytesRule } from "../../model/sanitize_snapshot.ts";
import type { MacmonSample } from "./parse_sample.ts";
import type { MacmonPipeStream, StreamProblem } from "./pipe_stream.ts";

/**
 * The output parsers use zod, and the stream uses the parsers: they are imported when the
 * backend opens, so that loading the backend registry (every reading, on every OS) does not
 * load zod.
 */
interface MacmonModules {
  parseMacmonOutput: typeof import("./parse_sample.ts").parseMacmonOutput;
  deviceNameFromSoc: typeof import("./soc_info.ts").deviceNameFromSoc;
  MacmonPipeStream: typeof import("./pipe_stream.ts").MacmonPipeStream;
}

async function loadModules(): Promise<MacmonModules> {
  const [sample, soc, stream] = await Promise.all([
    import("./parse_sample.ts"),
    import("./soc_info.ts"),
    import("./pipe_stream.ts"),
  ]);
  return {
    parseMacmonOutput: sample.parseMacmonOutput,
    deviceNameFromSoc: soc.deviceNameFromSoc,
    MacmonPipeStream: stream.MacmonPipeStream,
  };
}

export const DEFAULT_MACMON_TIMEOUT_MS = 10_000;
/** Sample window passed as `-i`, in milliseconds. */
export const MACMON_INTERVAL_MS = 200;
export const MACMON_LOCAL_ID = "apple-gpu-0";

const NOT_FOUND_HINT = "install it: brew install macmon";
const MAX_DETAIL_LENGTH = 200;

type SampleOutcome =
  | { ok: true; sample: MacmonSample; timestampMs: number }
  | { ok: false; status: "unavailable" | "error"; detail: string };

export const macmonBackend: BackendDescriptor = {
  ...MACMON_INFO,
  create: (ctx) => new MacmonBackend(ctx),
};

class MacmonBackend implements Backend {
  readonly id = "macmon" as const;
  readonly #program: string;
  readonly #explicitProgram: boolean;
  readonly #timeoutMs: number;
  #pending: { sample: MacmonSample; timestampMs: number } | null = null;
  #name: string | null = null;
  #closed = false;
  /** Continuous mode: the sampling interval for the stream; null = one run per reading. */
  readonly #streamIntervalMs: number | null;
  #stream: MacmonPipeStream | null = null;
  #modules: MacmonModules | null = null;
  #lastSequence = 0;

  constructor(ctx: BackendContext) {
    const interval = ctx.sampleIntervalMs ?? null;
    // macmon's own minimum interval is 100 ms.
    this.#streamIntervalMs = interval === null ? null : Math.max(100, Math.round(interval));
    const configured = ctx.env("GPUTOP_MACMON")?.trim();
    this.#explicitProgram = configured !== undefined && configured !== "";
    this.#program = this.#explicitProgram ? configured as string : "macmon";
    this.#timeoutMs = parseTimeout(ctx.env("GPUTOP_MACMON_TIMEOUT_MS"));
  }

  async open(): Promise<BackendOpenResult> {
    this.#closed = false;
    this.#modules ??= await loadModules();
    if (this.#streamIntervalMs !== null) return await this.#openStream(this.#streamIntervalMs);
    const [version, first] = await Promise.all([this.#version(), this.#runPipe(true)]);
    let result = first;
    let detail: string | null = null;
    if (rejectsSocInfo(result)) {
      result = await this.#runPipe(false);
      detail = "this macmon has no --soc-info (before 0.6.1): chip name unknown";
    }
    const outcome = this.#outcome(result);
    const base = { library: this.#program, version };
    if (!outcome.ok) return { status: outcome.status, detail: outcome.detail, ...base };
    this.#name = this.#loaded().deviceNameFromSoc(outcome.sample.soc);
    this.#pending = { sample: outcome.sample, timestampMs: outcome.timestampMs };
    return { status: "ok", detail, ...base };
  }

  async read(): Promise<BackendReading> {
    if (this.#closed) throw new Error("macmon backend is closed");
    if (this.#stream !== null) return await this.#readStream(this.#stream);
    let taken = this.#pending;
    this.#pending = null;
    if (taken === null) {
      const outcome = this.#outcome(await this.#runPipe(false));
      if (!outcome.ok) throw new Error(outcome.detail);
      taken = outcome;
    }
    return {
      timestampMs: taken.timestampMs,
      devices: [this.#device(taken.sample)],
      processes: [],
    };
  }

  close(): void {
    this.#closed = true;
    this.#pending = null;
    this.#closeStream();
  }

  settled(): Promise<void> {
    return this.#streamClosed;
  }

  #streamClosed: Promise<void> = Promise.resolve();

  #closeStream(): void {
    const stream = this.#stream;
    this.#stream = null;
    if (stream !== null) this.#streamClosed = stream.close();
  }

  async #openStream(intervalMs: number): Promise<BackendOpenResult> {
    const version = await this.#version();
    const base = { library: this.#program, version };
    let detail: string | null = null;
    let stream = this.#startStream(intervalMs, true);
    await stream.waitForSample(0, this.#timeoutMs);
    const rejected = stream.problem;
    if (
      rejected?.kind === "exit" && rejected.code === 2 && rejected.stderr.includes("--soc-info")
    ) {
      await stream.close();
      stream = this.#startStream(intervalMs, false);
      await stream.waitForSample(0, this.#timeoutMs);
      detail = "this macmon has no --soc-info (before 0.6.1): chip name unknown";
    }
    const first = stream.latest;
    if (first === null) {
      const problem = stream.problem;
      this.#closeStream();
      await this.#streamClosed;
      if (problem === null) {
        return {
          status: "error",
          detail: `macmon gave no sample within ${this.#timeoutMs} ms`,
          ...base,
        };
      }
      const why = this.#describe(problem);
      return { status: why.status, detail: why.detail, ...base };
    }
    this.#name = this.#loaded().deviceNameFromSoc(first.sample.soc);
    return { status: "ok", detail, ...base };
  }

  /** The lazily imported modules; `open()` loads them before anything needs them. */
  #loaded(): MacmonModules {
    if (this.#modules === null) throw new Error("macmon backend is not open");
    return this.#modules;
  }

  #startStream(intervalMs: number, withSocInfo: boolean): MacmonPipeStream {
    const args = ["-i", String(intervalMs), "pipe"];
    if (withSocInfo) args.push("--soc-info");
    const stream = new (this.#loaded().MacmonPipeStream)(this.#program, args);
    this.#stream = stream;
    stream.start();
    return stream;
  }

  /**
   * The newest streamed sample, at once (the stream keeps it fresh at the watch interval);
   * waits, bounded, only before the first. A child that died with nothing new since the
   * last read is an error for this reading; the stream restarts it meanwhile.
   */
  async #readStream(stream: MacmonPipeStream): Promise<BackendReading> {
    if (stream.latest === null) {
      await stream.waitForSample(0, (this.#streamIntervalMs ?? 0) * 2 + 100);
    }
    const latest = stream.latest;
    const problem = stream.problem;
    if (latest === null || (problem !== null && latest.sequence <= this.#lastSequence)) {
      throw new Error(
        problem === null ? "macmon gave no sample yet" : this.#describe(problem).detail,
      );
    }
    this.#lastSequence = latest.sequence;
    return {
      timestampMs: latest.timestampMs,
      devices: [this.#device(latest.sample)],
      processes: [],
    };
  }

  #describe(problem: StreamProblem): { status: "unavailable" | "error"; detail: string } {
    switch (problem.kind) {
      case "not-found":
        return {
          status: "unavailable",
          detail: this.#explicitProgram
            ? `macmon not found at ${this.#program} (GPUTOP_MACMON)`
            : `macmon not found (${NOT_FOUND_HINT})`,
        };
      case "failed":
        return { status: "error", detail: clip(problem.message) };
      case "bad-output":
        return { status: "error", detail: clip(`macmon output: ${problem.reason}`) };
      case "exit": {
        const why = firstLine(problem.stderr);
        return {
          status: "error",
          detail: clip(`macmon exited with code ${problem.code}${why ? `: ${why}` : ""}`),
        };
      }
    }
  }

  #device(sample: MacmonSample): DeviceReading {
    const total = sample.ramTotalBytes;
    const used = sample.ramUsedBytes;
    return {
      localId: MACMON_LOCAL_ID,
      vendor: "apple",
      name: this.#name === null || sample.soc
        ? this.#loaded().deviceNameFromSoc(sample.soc)
        : this.#name,
      driver: null,
      memoryShared: true,
      memoryTotalBytes: total,
      memoryUsedBytes: used,
      // From plausible figures only: the guard drops (and counts) a bad total or used once,
      // and a free figure derived from it would be a second, invented value.
      memoryFreeBytes: plausibleBytes(total) && plausibleBytes(used) && total >= used
        ? total - used
        : null,
      utilizationPercent: sample.gpuUtilizationPercent,
      graphicsClockMHz: sample.gpuFreqMHz,
      powerWatts: sample.gpuPowerWatts,
      temperatureCelsius: sample.gpuTempCelsius,
    };
  }

  async #version(): Promise<string | null> {
    const result = await runProgram(this.#program, ["--version"], { timeoutMs: this.#timeoutMs });
    if (result.kind !== "ok") return null;
    return parseVersion(result.stdout);
  }

  #runPipe(withSocInfo: boolean): Promise<ProgramResult> {
    const args = ["-i", String(MACMON_INTERVAL_MS), "pipe", "-s", "1"];
    if (withSocInfo) args.push("--soc-info");
    return runProgram(this.#program, args, { timeoutMs: this.#timeoutMs });
  }

  #outcome(result: ProgramResult): SampleOutcome {
    switch (result.kind) {
      case "not-found":
        return {
          ok: false,
          status: "unavailable",
          detail: this.#explicitProgram
            ? `macmon not found at ${this.#program} (GPUTOP_MACMON)`
            : `macmon not found (${NOT_FOUND_HINT})`,
        };
      case "timeout":
        return {
          ok: false,
          status: "error",
          detail: `macmon gave no sample within ${this.#timeoutMs} ms`,
        };
      case "failed":
        return { ok: false, status: "error", detail: clip(result.message) };
      case "exit": {
        const why = firstLine(result.stderr) ?? firstLine(result.stdout);
        return {
          ok: false,
          status: "error",
          detail: clip(`macmon exited with code ${result.code}${why ? `: ${why}` : ""}`),
        };
      }
      case "ok": {
        const parsed = this.#loaded().parseMacmonOutput(result.stdout);
        if (!parsed.ok) {
          return { ok: false, status: "error", detail: clip(`macmon output: ${parsed.reason}`) };
        }
        return { ok: true, sample: parsed.sample, timestampMs: Date.now() };
      }
    }
  }
}

/** `GPUTOP_MACMON_TIMEOUT_MS`: a positive integer, else the default. */
export function parseTimeout(text: string | undefined): number {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return DEFAULT_MACMON_TIMEOUT_MS;
  const value = Number(text.trim());
  return value > 0 && Number.isSafeInteger(value) ? value : DEFAULT_MACMON_TIMEOUT_MS;
}

/**
 * `macmon 0.8.2` (clap's `--version`) → `0.8.2`; a bare version (`0.8.2`, `v0.8.2-rc1`) as
 * is; anything else (a wrapper's banner, binary garbage) is no version: null, never the
 * program's bytes in the version column.
 */
export function parseVersion(stdout: string): string | null {
  const line = firstLine(stdout);
  if (line === null) return null;
  const version = /^(?:macmon\s+)?(v?\d{1,6}(?:\.\d{1,6}){0,3}(?:[-+][0-9A-Za-z.-]{1,32})?)$/i.exec(
    line,
  );
  return version?.[1] ?? null;
}

/** clap's answer to a flag it does not know: exit 2, stderr names the flag. */
function rejectsSocInfo(result: ProgramResult): boolean {
  return result.kind === "exit" && result.code === 2 && result.stderr.includes("--soc-info");
}

function firstLine(text: string): string | null {
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed !== "") return trimmed;
  }
  return null;
}

function clip(text: string): string {
  return text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}…` : text;
}

function plausibleBytes(value: number | null): value is number {
  return value !== null && bytesRule(value) !== undefined;
}
