/**
 * A backend whose read outlived its deadline and has not returned is "not answering": its
 * call keeps running (a call cannot be cancelled; a vendor library's runs in the library
 * worker, src/backends/library_worker_host.ts) and is not made again until it returns. Its
 * status says so with the time waited, and the devices it reported last stay in the reading,
 * identity only, each marked not answering: a GPU whose driver hangs is shown as such, not
 * dropped from `top` as if it had gone.
 */
import type { BackendId, BackendReading, DeviceReading } from "../model/types.ts";

/** The status detail of a backend whose read has been running `waitedMs` without returning. */
export function notAnsweringDetail(waitedMs: number): string {
  return `not answering: no reply for ${Math.round(waitedMs)} ms ` +
    "(its call is still running and is not made again until it returns)";
}

/** What identifies each device of a reading, to report it while its backend is not answering. */
export function deviceIdentities(devices: readonly DeviceReading[]): DeviceReading[] {
  return devices.map((device) => {
    const identity: Record<string, unknown> = { localId: device.localId, vendor: device.vendor };
    for (const key of IDENTITY_FIELDS) {
      if (device[key] !== undefined) identity[key] = device[key];
    }
    return identity as DeviceReading;
  });
}

/** The fields besides the local id and vendor that say which device it is. */
const IDENTITY_FIELDS = ["hostId", "name", "uuid", "serial", "pciBusId", "driver"] as const;

/**
 * The reading of a backend that is not answering: the devices it last reported (their
 * identities), each with an error that says so; null when it never reported any.
 */
export function notAnsweringReading(
  id: BackendId,
  identities: readonly DeviceReading[],
  waitedMs: number,
): BackendReading | null {
  if (identities.length === 0) return null;
  const error = `not answering (${id}: no reply for ${Math.round(waitedMs)} ms)`;
  return {
    timestampMs: Date.now(),
    devices: identities.map((device) => ({ ...device, error })),
    processes: [],
  };
}
