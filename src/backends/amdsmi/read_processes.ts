/**
 * The processes on one GPU, from `amdsmi_get_gpu_process_list` (KFD compute processes,
 * which DRM fdinfo does not show). Memory per placement is a gauge in bytes; engine time is
 * cumulative ns, so busy percent needs the previous reading of the same process: null on the
 * first, Δns / Δwall after (as for DRM clients; the merge fills it from fdinfo otherwise).
 */
import { engineRates } from "../../linux/fdinfo/engine_rates.ts";
import type { ProcessReading } from "../../model/types.ts";
import { bytesOrNull, textOrNull } from "./convert.ts";
import type { AmdsmiLibrary, AmdsmiProcess, Handle } from "./library.ts";
import { AmdsmiError, isQuietlyUnsupported } from "./return_codes.ts";

/**
 * Per (device, pid): the engine counters last seen and when, for rates. Each reading writes a
 * fresh map, so processes that ended are forgotten.
 */
export type EngineCursor = Map<string, { gfxNs: bigint; encNs: bigint; atMs: number }>;

export interface AmdsmiProcessesRead {
  processes: ProcessReading[];
  problems: string[];
}

/** Reads one GPU's list. Never throws for AMD SMI; a failure is one problem line. */
export function readProcesses(
  amdsmi: AmdsmiLibrary,
  device: { handle: Handle; localId: string },
  cursors: { previous: EngineCursor; next: EngineCursor },
  nowMs: number,
): AmdsmiProcessesRead {
  let list: AmdsmiProcess[];
  try {
    list = amdsmi.processes(device.handle);
  } catch (error) {
    if (!(error instanceof AmdsmiError)) throw error;
    const problems = isQuietlyUnsupported(error.code) ? [] : [`processes: ${error.message}`];
    return { processes: [], problems };
  }
  // One entry per pid (a library listing a pid twice adds its memory up).
  const byPid = new Map<number, AmdsmiProcess>();
  for (const entry of list) {
    const before = byPid.get(entry.pid);
    byPid.set(entry.pid, before === undefined ? entry : sumEntries(before, entry));
  }
  const processes: ProcessReading[] = [];
  for (const [pid, entry] of [...byPid].sort(([a], [b]) => a - b)) {
    const key = `${device.localId}\u0000${pid}`;
    const previous = cursors.previous.get(key);
    cursors.next.set(key, { gfxNs: entry.gfxNs, encNs: entry.encNs, atMs: nowMs });
    const regions = memoryByRegion(entry);
    processes.push({
      pid,
      deviceLocalId: device.localId,
      name: textOrNull(entry.name),
      gpuMemoryBytes: regions?.vram ?? null,
      memoryByRegion: regions,
      engines: previous === undefined ? null : rates(previous, entry, nowMs - previous.atMs),
      type: "compute",
      perProcess: true,
    });
  }
  return { processes, problems: [] };
}

/** Regions named as amdgpu's fdinfo names them, so both sources read alike. */
function memoryByRegion(entry: AmdsmiProcess): Record<string, number> | null {
  const regions: Record<string, number> = {};
  const vram = bytesOrNull(entry.vramBytes);
  const gtt = bytesOrNull(entry.gttBytes);
  const cpu = bytesOrNull(entry.cpuBytes);
  if (vram !== null) regions.vram = vram;
  if (gtt !== null) regions.gtt = gtt;
  if (cpu !== null) regions.cpu = cpu;
  return Object.keys(regions).length === 0 ? null : regions;
}

function rates(
  previous: { gfxNs: bigint; encNs: bigint },
  current: AmdsmiProcess,
  elapsedMs: number,
): Record<string, number> | null {
  // engineRates takes counters as doubles (fdinfo_numbers.ts says why that is exact enough).
  const counters = (gfx: bigint, enc: bigint) => ({
    engineBusyNs: { gfx: Number(gfx), enc: Number(enc) },
    engineCapacity: {},
    engineCycles: {},
    engineTotalCycles: {},
  });
  const result = engineRates(
    counters(previous.gfxNs, previous.encNs),
    counters(current.gfxNs, current.encNs),
    elapsedMs,
  );
  return Object.keys(result).length === 0 ? null : result;
}

function sumEntries(a: AmdsmiProcess, b: AmdsmiProcess): AmdsmiProcess {
  return {
    ...a,
    memBytes: a.memBytes + b.memBytes,
    vramBytes: a.vramBytes + b.vramBytes,
    gttBytes: a.gttBytes + b.gttBytes,
    cpuBytes: a.cpuBytes + b.cpuBytes,
    gfxNs: a.gfxNs + b.gfxNs,
    encNs: a.encNs + b.encNs,
  };
}
