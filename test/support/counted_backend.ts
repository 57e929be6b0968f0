/** A fake backend for session tests that counts what is asked of it. */
import type { Backend, BackendDescriptor } from "../../src/backends/backend.ts";
import type { BackendReading } from "../../src/model/types.ts";

export interface BackendCalls {
  open: number;
  read: number;
  close: number;
}

/**
 * A descriptor (id `nvml`, on by default) whose backends open ok and read one device
 * (0000:01:00.0), counting every open, read and close in `calls`; with `failRead`, each read
 * rejects with "read failed" instead.
 */
export function countedBackend(
  failRead = false,
): { descriptor: BackendDescriptor; calls: BackendCalls } {
  const calls = { open: 0, read: 0, close: 0 };
  const reading: BackendReading = {
    timestampMs: 0,
    devices: [{ localId: "x", vendor: "nvidia", pciBusId: "0000:01:00.0", name: "GPU" }],
    processes: [],
  };
  const descriptor: BackendDescriptor = {
    id: "nvml",
    summary: "counted",
    defaultOn: () => true,
    create: (): Backend => ({
      id: "nvml",
      open: () => {
        calls.open++;
        return Promise.resolve({ status: "ok", detail: null, library: null, version: null });
      },
      read: () => {
        calls.read++;
        return failRead ? Promise.reject(new Error("read failed")) : Promise.resolve(reading);
      },
      close: () => {
        calls.close++;
      },
    }),
  };
  return { descriptor, calls };
}
