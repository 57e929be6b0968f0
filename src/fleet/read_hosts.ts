/**
 * Every host's `/snapshot`, read concurrently but at most `MAX_HOSTS_IN_FLIGHT` at a time (a
 * thousand hosts are not a thousand sockets at once), each bounded by its own timeout; the
 * readings come back in the order the hosts were given.
 */
import { type HostReading, readHost, type ReadHostOptions } from "./read_host.ts";
import type { HostTarget } from "./host_target.ts";

export const MAX_HOSTS_IN_FLIGHT = 32;

/**
 * Largest `/snapshot` answer read: a host with 16 GPUs and thousands of processes answers in
 * a few MiB; 32 of these in flight stay within a few hundred MiB at worst.
 */
export const MAX_SNAPSHOT_BYTES = 8 << 20;

export async function readHosts(
  targets: readonly HostTarget[],
  options: ReadHostOptions,
): Promise<HostReading[]> {
  const readings: HostReading[] = new Array(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const index = next++;
      readings[index] = await readHost(targets[index]!, options);
    }
  };
  const workers = Math.min(MAX_HOSTS_IN_FLIGHT, targets.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return readings;
}
