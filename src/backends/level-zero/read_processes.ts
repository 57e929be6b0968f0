/**
 * The processes using one device, from `zesDeviceProcessesGetState`: pid, device memory
 * and the engine set (as the process type). Merged by the model with fdinfo rows of the
 * same pid, which add per-engine busy figures Level Zero does not give per process.
 */
import type { ProcessReading } from "../../model/types.ts";
import { processType } from "./engine_classes.ts";
import type { ZeHandle, ZeLibrary } from "./library.ts";
import { isQuietlyUnsupported, ZeError } from "./return_codes.ts";

/** The device's processes, or a problem line instead of an exception. */
export function readProcesses(
  ze: ZeLibrary,
  device: ZeHandle,
  deviceLocalId: string,
): { processes: ProcessReading[]; problem: string | null } {
  try {
    const processes = ze.processes(device).map((state): ProcessReading => ({
      pid: state.pid,
      deviceLocalId,
      gpuMemoryBytes: Number(state.memoryBytes),
      type: processType(state.engineFlags),
      perProcess: true,
    }));
    return { processes, problem: null };
  } catch (error) {
    if (!(error instanceof ZeError)) throw error;
    return { processes: [], problem: isQuietlyUnsupported(error.code) ? null : error.message };
  }
}
