/**
 * The reading of `--hosts`: every host's `/snapshot` (src/fleet/), merged, `-i` applied on each
 * host. The fleet modules (and zod, which checks each answer) load only when `--hosts` is given.
 */
import type { MergedHosts } from "../fleet/merge_hosts.ts";
import type { FleetOptions } from "./fleet_options.ts";

export async function readFleet(
  fleet: FleetOptions,
  ids: readonly string[] | null,
): Promise<MergedHosts> {
  const [{ readHosts, MAX_SNAPSHOT_BYTES }, { mergeHostReadings }] = await Promise.all([
    import("../fleet/read_hosts.ts"),
    import("../fleet/merge_hosts.ts"),
  ]);
  const client = fleet.caCerts === null
    ? undefined
    : Deno.createHttpClient({ caCerts: [fleet.caCerts] });
  try {
    const readings = await readHosts(fleet.targets, {
      timeoutMs: fleet.timeoutMs,
      token: fleet.token,
      maxBytes: MAX_SNAPSHOT_BYTES,
      ...(client === undefined ? {} : { client }),
    });
    return mergeHostReadings(readings, ids, new Date().toISOString());
  } finally {
    client?.close();
  }
}
