/** The reading that snapshot and ps show: the chosen backends, sampled, filtered by --id. */
import type { Snapshot } from "../model/types.ts";
import { readSnapshot } from "../session/read_snapshot.ts";
import { filterDevices } from "./device_filter.ts";
import type { CliOptions } from "./global_options.ts";

export type ReadingResult =
  | { ok: true; snapshot: Snapshot }
  | { ok: false; message: string };

export async function takeReading(options: CliOptions): Promise<ReadingResult> {
  const snapshot = await readSnapshot({
    backends: options.backends,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    sampleWindowMs: options.sampleWindowMs,
    lazyInit: options.lazyInit,
  });
  const filtered = filterDevices(snapshot, options.ids);
  if (filtered.unmatched.length > 0) {
    const known = snapshot.devices.length === 0
      ? "no devices found"
      : `devices: ${snapshot.devices.map((d) => `${d.index} (${d.id})`).join(", ")}`;
    return {
      ok: false,
      message: `no device matches --id '${filtered.unmatched.join(",")}'; ${known}`,
    };
  }
  return { ok: true, snapshot: filtered.snapshot };
}
