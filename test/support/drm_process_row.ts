/** A merged GPU process row as the drm backend gives one (device 0, 1 KiB), for session tests. */
import type { GpuProcess } from "../../src/model/types.ts";
import { NO_ATTRIBUTION } from "../../src/model/process_attribution.ts";

export function drmProcessRow(pid: number, extra: Partial<GpuProcess> = {}): GpuProcess {
  return {
    pid,
    name: null,
    command: null,
    user: null,
    deviceIndex: 0,
    deviceId: "0000:03:00.0",
    gpuMemoryBytes: 1024,
    memoryByRegion: null,
    engines: null,
    type: "graphics",
    rssBytes: null,
    source: "drm",
    perProcess: true,
    ...NO_ATTRIBUTION,
    ...extra,
  };
}
