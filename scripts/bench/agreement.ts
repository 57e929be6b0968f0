/** gputop's per-pid figures, and the check that they equal the C reference's. */
import { DrmProcessSampler } from "../../src/linux/fdinfo/drm_process_sampler.ts";
import { readProcessInfo } from "../../src/linux/process_info.ts";

/** Resident VRAM per pid from one full sample. */
export function gputopVramByPid(procRoot: string, sysRoot: string): Map<number, number | null> {
  const sampler = new DrmProcessSampler({ procRoot, sysRoot, nowMs: () => performance.now() });
  const out = new Map<number, number | null>();
  for (const usage of sampler.sample().usages) {
    const vram = usage.memoryByRegion?.["vram"];
    if (vram !== undefined) out.set(usage.pid, (out.get(usage.pid) ?? 0) + vram);
  }
  return out;
}

/** RSS per pid as the one-shot enrichment reads it (`status`). */
export function gputopRssByPid(procRoot: string, pids: number[]): Map<number, number | null> {
  return new Map(pids.map((pid) => [pid, readProcessInfo(procRoot, pid, "/etc/passwd").rssBytes]));
}

/**
 * Throws naming the first differences when the two maps differ; an empty pair is an error
 * unless `emptyOk` (a real /proc without GPU clients).
 */
export function compareMaps(
  what: string,
  ours: Map<number, number | null>,
  reference: Map<number, number | null>,
  say: (line: string) => void,
  emptyOk = false,
): void {
  const pids = new Set([...ours.keys(), ...reference.keys()]);
  const differences: string[] = [];
  for (const pid of pids) {
    if (ours.get(pid) !== reference.get(pid)) {
      differences.push(`pid ${pid}: gputop ${ours.get(pid)}, C ${reference.get(pid)}`);
    }
  }
  if (pids.size === 0 && !emptyOk) throw new Error(`${what}: neither side found anything`);
  if (differences.length > 0) {
    throw new Error(
      `${what} disagree (${differences.length} pids), e.g. ${differences.slice(0, 3).join("; ")}`,
    );
  }
  say(`${what}: ${pids.size} pids agree`);
}
