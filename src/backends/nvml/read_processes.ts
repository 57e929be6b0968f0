/**
 * The processes on one device: the compute and graphics lists merged per pid, with each
 * process's SM / memory / encoder / decoder busy percent from `nvmlDeviceGetProcessUtilization`
 * where the device supports it.
 */
import type { ProcessReading, ProcessType } from "../../model/types.ts";
import { bytesOrNull, percent } from "./convert.ts";
import type { NvmlLibrary, NvmlProcessSample, ProcessListKind } from "./library.ts";
import { isQuietlyUnsupported, NvmlError, NvmlReturn } from "./return_codes.ts";

/** Processes of one device, and what could not be read (for the reading's detail). */
export interface NvmlProcessesRead {
  processes: ProcessReading[];
  problems: string[];
}

/**
 * Per-device `lastSeenTimeStamp` for `nvmlDeviceGetProcessUtilization`: the newest sample
 * time (CPU µs) seen so far, so each reading asks only for samples newer than the last.
 */
export type UtilizationCursor = Map<string, bigint>;

interface Usage {
  compute: boolean;
  graphics: boolean;
  /** Null when unknown (WDDM) in every list that named the pid. */
  memoryBytes: number | null;
}

/** Reads and merges both lists, then the utilisation samples. Never throws for NVML. */
export function readProcesses(
  nvml: NvmlLibrary,
  device: { handle: Deno.PointerValue; localId: string },
  cursor: UtilizationCursor,
): NvmlProcessesRead {
  const problems: string[] = [];
  const usage = new Map<number, Usage>();
  for (const kind of ["compute", "graphics"] as const satisfies readonly ProcessListKind[]) {
    const list = attempt(
      `${kind} processes`,
      problems,
      () => nvml.runningProcesses(device.handle, kind),
    );
    if (list === null) continue;
    // One list may name a pid more than once (one entry per MIG instance): those add up.
    const inList = new Map<number, number | null>();
    for (const entry of list) {
      const bytes = bytesOrNull(entry.usedGpuMemory);
      const before = inList.get(entry.pid);
      inList.set(entry.pid, before === undefined ? bytes : sumOrNull(before, bytes));
    }
    for (const [pid, bytes] of inList) {
      const seen = usage.get(pid) ?? { compute: false, graphics: false, memoryBytes: null };
      seen[kind] = true;
      // Both lists give the same process's memory on this device: keep the larger figure.
      seen.memoryBytes = maxKnown(seen.memoryBytes, bytes);
      usage.set(pid, seen);
    }
  }
  const samples = usage.size === 0 ? null : readSamples(nvml, device, cursor, problems);
  const processes: ProcessReading[] = [];
  for (const [pid, seen] of [...usage].sort(([a], [b]) => a - b)) {
    processes.push({
      pid,
      deviceLocalId: device.localId,
      gpuMemoryBytes: seen.memoryBytes,
      engines: samples === null ? null : engines(samples.get(pid)),
      type: processType(seen),
      perProcess: true,
    });
  }
  return { processes, problems };
}

/**
 * The newest sample per pid, or null when per-process utilisation cannot be read here
 * (not supported, as on MIG, or a failure). NOT_FOUND means no process was busy since the
 * last reading, so it is an empty map.
 */
function readSamples(
  nvml: NvmlLibrary,
  device: { handle: Deno.PointerValue; localId: string },
  cursor: UtilizationCursor,
  problems: string[],
): Map<number, NvmlProcessSample> | null {
  const lastSeen = cursor.get(device.localId) ?? 0n;
  let samples: NvmlProcessSample[];
  try {
    samples = nvml.processUtilization(device.handle, lastSeen);
  } catch (error) {
    if (!(error instanceof NvmlError)) throw error;
    if (error.code === NvmlReturn.NOT_FOUND) return new Map();
    if (!isQuietlyUnsupported(error.code)) problems.push(`process utilization: ${error.message}`);
    return null;
  }
  const newest = new Map<number, NvmlProcessSample>();
  let newestTime = lastSeen;
  for (const sample of samples) {
    const before = newest.get(sample.pid);
    if (before === undefined || sample.timeStampUs > before.timeStampUs) {
      newest.set(sample.pid, sample);
    }
    if (sample.timeStampUs > newestTime) newestTime = sample.timeStampUs;
  }
  cursor.set(device.localId, newestTime);
  return newest;
}

/**
 * NVML returns a sample only for a process that was busy during the period, so a process
 * without one was idle: zeros, which are known, not unknown.
 */
function engines(sample: NvmlProcessSample | undefined): Record<string, number> {
  if (sample === undefined) return { sm: 0, memory: 0, encode: 0, decode: 0 };
  const result: Record<string, number> = {};
  const values = {
    sm: sample.smUtil,
    memory: sample.memUtil,
    encode: sample.encUtil,
    decode: sample.decUtil,
  };
  for (const [engine, value] of Object.entries(values)) {
    const busy = percent(value);
    if (busy !== null) result[engine] = busy;
  }
  return result;
}

function processType(seen: Usage): ProcessType {
  if (seen.compute && seen.graphics) return "compute+graphics";
  return seen.compute ? "compute" : "graphics";
}

function sumOrNull(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

function maxKnown(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Runs one call; an NVML failure is null, noted in `problems` unless merely unsupported. */
function attempt<T>(label: string, problems: string[], call: () => T): T | null {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof NvmlError)) throw error;
    if (!isQuietlyUnsupported(error.code)) problems.push(`${label}: ${error.message}`);
    return null;
  }
}
