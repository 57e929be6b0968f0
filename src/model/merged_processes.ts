/**
 * A long-running session's merged process records, handed out again while unchanged (issue 23:
 * what an idle sample costs, and the memory of long runs). A backend that hands an unchanged
 * process reading out again (the DRM backend does: `backends/drm/process_readings.ts`) at the
 * same position of its list, on the same device, gets the record the last merge made of it.
 * Records are never changed once handed out: the merge copies one before filling it from a
 * later backend (`merge.ts`).
 */
import type { BackendId, Device, GpuProcess, ProcessReading } from "./types.ts";

interface Made {
  readings: readonly ProcessReading[];
  records: GpuProcess[];
}

export class MergedProcesses {
  #last = new Map<BackendId, Made>();
  #next = new Map<BackendId, Made>();

  /**
   * The record the last merge made of `readings[index]` of backend `id`, when it is the same
   * reading object on the same device; else null.
   */
  lastRecordOf(
    id: BackendId,
    readings: readonly ProcessReading[],
    index: number,
    device: Device | null,
  ): GpuProcess | null {
    const last = this.#last.get(id);
    const before = last?.records[index];
    if (before === undefined || last!.readings[index] !== readings[index]) return null;
    const same = before.deviceIndex === (device === null ? null : device.index) &&
      before.deviceId === (device === null ? null : device.id);
    return same ? before : null;
  }

  /** Keeps the record of `readings[index]` of backend `id` for the next merge. */
  keep(id: BackendId, readings: readonly ProcessReading[], index: number, record: GpuProcess) {
    let next = this.#next.get(id);
    if (next === undefined) this.#next.set(id, next = { readings, records: [] });
    next.records[index] = record;
  }

  /** Ends a merge: its records are the ones the next may hand out again. */
  end(): void {
    this.#last = this.#next;
    this.#next = new Map();
  }
}
