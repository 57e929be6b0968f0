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
 * `close()` is final: the child in flight (a `--version`, a one-shot run) has its group
 * killed at once, and an `open()` still going on starts nothing more, so closing never waits
 * for a stuck macmon nor leaves a fresh one behind.
 *
 * macmon reports no processes and no GPU memory of its own: memory figures are the
 * machine's RAM (unified memory, `memoryShared: true`).
 *
 * The program, its arguments and timeout are in `macmon_program.ts`, what went wrong in
 * `problem_detail.ts`, the device in `device_reading.ts`.
 */
import { MACMON_INFO } from "./info.ts";
import type { Backend, BackendContext, BackendDescriptor, BackendOpenResult } from "../backend.ts";
import type { BackendReading, DeviceReading } from "../../model/types.ts";
import { type ProgramResult, runProgram } from "../../platform/run_program.ts";
import { macmonDevice } from "./device_reading.ts";
import {
  type MacmonProgram,
  macmonProgramOf,
  NO_SOC_INFO_DETAIL,
  oneShotArgs,
  parseVersion,
  rejectsSocInfo,
  streamArgs,
} from "./macmon_program.ts";
import type { MacmonSample } from "./parse_sample.ts";
import type { MacmonPipeStream } from "./pipe_stream.ts";
import {
  badOutput,
  type MacmonProblem,
  noSampleInTime,
  runProblem,
  streamProblem,
} from "./problem_detail.ts";

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

/** What an open() that close() overtook says (the session has stopped listening by then). */
const CLOSED_WHILE_OPENING = "closed while opening";

type SampleOutcome =
  | { ok: true; sample: MacmonSample; timestampMs: number }
  | ({ ok: false } & MacmonProblem);

export const macmonBackend: BackendDescriptor = {
  ...MACMON_INFO,
  create: (ctx) => new MacmonBackend(ctx),
};

class MacmonBackend implements Backend {
  readonly id = "macmon" as const;
  readonly #program: MacmonProgram;
  #pending: { sample: MacmonSample; timestampMs: number } | null = null;
  #name: string | null = null;
  #closed = false;
  /** Continuous mode: the sampling interval for the stream; null = one run per reading. */
  readonly #streamIntervalMs: number | null;
  #stream: MacmonPipeStream | null = null;
  #modules: MacmonModules | null = null;
  #lastSequence = 0;
  /** Aborted by `close()`: kills the one-shot runs in flight, and none starts after. */
  #runs = new AbortController();

  constructor(ctx: BackendContext) {
    const interval = ctx.sampleIntervalMs ?? null;
    // macmon's own minimum interval is 100 ms.
    this.#streamIntervalMs = interval === null ? null : Math.max(100, Math.round(interval));
    this.#program = macmonProgramOf((name) => ctx.env(name));
  }

  async open(): Promise<BackendOpenResult> {
    this.#closed = false;
    this.#runs = new AbortController();
    this.#modules ??= await loadModules();
    if (this.#streamIntervalMs !== null) return await this.#openStream(this.#streamIntervalMs);
    const [version, first] = await Promise.all([this.#version(), this.#runPipe(true)]);
    let result = first;
    let detail: string | null = null;
    if (rejectsSocInfo(result)) {
      result = await this.#runPipe(false);
      detail = NO_SOC_INFO_DETAIL;
    }
    const outcome = this.#outcome(result);
    const base = { library: this.#program.path, version };
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
    this.#runs.abort();
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
    const base = { library: this.#program.path, version };
    let detail: string | null = null;
    let stream = await this.#streamWithFirstSample(intervalMs, true);
    if (stream !== null && rejectsSocInfo(stream.problem)) {
      await stream.close();
      stream = await this.#streamWithFirstSample(intervalMs, false);
      detail = NO_SOC_INFO_DETAIL;
    }
    if (stream === null) return { status: "error", detail: CLOSED_WHILE_OPENING, ...base };
    const first = stream.latest;
    if (first === null) {
      const problem = stream.problem;
      this.#closeStream();
      await this.#streamClosed;
      const why = problem === null
        ? noSampleInTime(this.#program)
        : streamProblem(this.#program, problem);
      return { status: why.status, detail: why.detail, ...base };
    }
    this.#name = this.#loaded().deviceNameFromSoc(first.sample.soc);
    return { status: "ok", detail, ...base };
  }

  /**
   * A stream, started, once its first sample came (or the wait for it ended); null when the
   * backend was closed before or meanwhile: then nothing is started (close() ended it).
   */
  async #streamWithFirstSample(
    intervalMs: number,
    withSocInfo: boolean,
  ): Promise<MacmonPipeStream | null> {
    if (this.#closed) return null;
    const stream = this.#startStream(intervalMs, withSocInfo);
    await stream.waitForSample(0, this.#program.timeoutMs);
    return this.#closed ? null : stream;
  }

  /** The lazily imported modules; `open()` loads them before anything needs them. */
  #loaded(): MacmonModules {
    if (this.#modules === null) throw new Error("macmon backend is not open");
    return this.#modules;
  }

  #startStream(intervalMs: number, withSocInfo: boolean): MacmonPipeStream {
    const args = streamArgs(intervalMs, withSocInfo);
    const stream = new (this.#loaded().MacmonPipeStream)(this.#program.path, args);
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
        problem === null
          ? "macmon gave no sample yet"
          : streamProblem(this.#program, problem).detail,
      );
    }
    this.#lastSequence = latest.sequence;
    return {
      timestampMs: latest.timestampMs,
      devices: [this.#device(latest.sample)],
      processes: [],
    };
  }

  #device(sample: MacmonSample): DeviceReading {
    const name = this.#name === null || sample.soc
      ? this.#loaded().deviceNameFromSoc(sample.soc)
      : this.#name;
    return macmonDevice(sample, name);
  }

  async #version(): Promise<string | null> {
    const { path, timeoutMs } = this.#program;
    const result = await runProgram(path, ["--version"], { timeoutMs, signal: this.#runs.signal });
    if (result.kind !== "ok") return null;
    return parseVersion(result.stdout);
  }

  #runPipe(withSocInfo: boolean): Promise<ProgramResult> {
    const { path, timeoutMs } = this.#program;
    return runProgram(path, oneShotArgs(withSocInfo), { timeoutMs, signal: this.#runs.signal });
  }

  #outcome(result: ProgramResult): SampleOutcome {
    if (result.kind !== "ok") return { ok: false, ...runProblem(this.#program, result) };
    const parsed = this.#loaded().parseMacmonOutput(result.stdout);
    if (!parsed.ok) return { ok: false, ...badOutput(parsed.reason) };
    return { ok: true, sample: parsed.sample, timestampMs: Date.now() };
  }
}
