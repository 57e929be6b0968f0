/**
 * `--container`, `--pod` and `--user`: keep only the processes that match. Within one option
 * any value may match (the option repeated, or a comma list); across options all must. Devices
 * are never filtered by these. Pure: a snapshot in, a snapshot out.
 */
import { podUidKey } from "./process_attribution.ts";
import type { GpuProcess, Snapshot } from "./types.ts";

export interface ProcessFilter {
  /** A container id or its prefix (`3f2a9c1e7b4d`), a name, or `runtime:id` as shown. */
  containers: readonly string[];
  /** A pod name, `namespace/name`, or its UID (whole, or the 8 or more first characters). */
  pods: readonly string[];
  /** A user name, or a uid as shown when it has no name. */
  users: readonly string[];
}

const HEX_ID = /^[0-9a-f]{64}$/;
/** Enough of a UID to mean one pod, as the POD column shows an unnamed one. */
const MIN_UID_PREFIX = 8;

export function matchesContainer(process: GpuProcess, wanted: string): boolean {
  const container = process.container;
  if (container === null) return false;
  const colon = wanted.indexOf(":");
  if (colon > 0 && wanted.slice(0, colon) === container.runtime) {
    return matchesContainerId(container.id, wanted.slice(colon + 1));
  }
  return matchesContainerId(container.id, wanted);
}

function matchesContainerId(id: string, wanted: string): boolean {
  if (wanted === "") return false;
  return HEX_ID.test(id) ? id.startsWith(wanted.toLowerCase()) : id === wanted;
}

export function matchesPod(process: GpuProcess, wanted: string): boolean {
  const pod = process.pod;
  if (pod === null || wanted === "") return false;
  const slash = wanted.indexOf("/");
  if (slash >= 0) {
    return pod.namespace === wanted.slice(0, slash) && pod.name === wanted.slice(slash + 1);
  }
  if (pod.name === wanted) return true;
  const key = podUidKey(wanted);
  return key.length >= MIN_UID_PREFIX && /^[0-9a-f]+$/.test(key) &&
    podUidKey(pod.uid).startsWith(key);
}

export function matchesProcessFilter(process: GpuProcess, filter: ProcessFilter): boolean {
  const any = (values: readonly string[], test: (value: string) => boolean) =>
    values.length === 0 || values.some(test);
  return any(filter.containers, (value) => matchesContainer(process, value)) &&
    any(filter.pods, (value) => matchesPod(process, value)) &&
    any(filter.users, (value) => process.user === value);
}

/** The snapshot with only the processes the filter keeps; the same one without a filter. */
export function filterProcesses(snapshot: Snapshot, filter: ProcessFilter | null): Snapshot {
  if (filter === null) return snapshot;
  return {
    ...snapshot,
    processes: snapshot.processes.filter((process) => matchesProcessFilter(process, filter)),
  };
}
