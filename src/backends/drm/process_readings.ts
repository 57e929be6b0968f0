/**
 * The DRM backend's process readings, handed out again while unchanged (issue 23: what an idle
 * sample costs, and the memory of long runs). The fdinfo sampler hands an idle process's usage
 * object out again (`linux/fdinfo/pid_usage_runs.ts`); its reading, made from that usage and
 * the device it is on, is then the same too, and the last one is returned (readings are never
 * changed once made). Usages come sorted by pid, so the last sample's are searched from a
 * cursor that only moves forward: no map, no key string.
 */
import type { ProcessReading } from "../../model/types.ts";
import type { DrmProcessUsage } from "../../linux/fdinfo/drm_process_sampler.ts";
import { gpuMemoryFromRegions } from "../../linux/fdinfo/gpu_memory.ts";

interface Made {
  usage: DrmProcessUsage;
  integrated: boolean;
  reading: ProcessReading;
}

export class ProcessReadings {
  #last: Made[] = [];
  #next: Made[] = [];
  #cursor = 0;

  /** Starts a sample; `readingOf` then takes its usages in the sampler's (pid) order. */
  begin(): void {
    this.#next = [];
    this.#cursor = 0;
  }

  /**
   * The reading of `usage` on the device `localId` (`integrated`: memory shared with the CPU):
   * the last sample's when all three are the same.
   */
  readingOf(usage: DrmProcessUsage, localId: string, integrated: boolean): ProcessReading {
    const last = this.#last;
    while (this.#cursor < last.length && last[this.#cursor]!.usage.pid < usage.pid) {
      this.#cursor++;
    }
    let made: Made | null = null;
    for (let i = this.#cursor; i < last.length && last[i]!.usage.pid === usage.pid; i++) {
      const candidate = last[i]!;
      if (
        candidate.usage === usage && candidate.integrated === integrated &&
        candidate.reading.deviceLocalId === localId
      ) {
        made = candidate;
        break;
      }
    }
    made ??= { usage, integrated, reading: toReading(usage, localId, integrated) };
    this.#next.push(made);
    return made.reading;
  }

  /** Ends a sample: its readings are the ones the next may hand out again. */
  end(): void {
    this.#last = this.#next;
    this.#next = [];
  }
}

function toReading(usage: DrmProcessUsage, localId: string, integrated: boolean): ProcessReading {
  return {
    pid: usage.pid,
    deviceLocalId: localId,
    memoryByRegion: usage.memoryByRegion,
    gpuMemoryBytes: gpuMemoryFromRegions(usage.memoryByRegion, integrated),
    engines: usage.engines,
    type: "drm",
    perProcess: true,
  };
}
