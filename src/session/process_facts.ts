/**
 * What the session's enrichment learns of one process from /proc, and how it lands on the
 * process rows. `ProcessInfo` (name, command line, user, RSS) plus the attribution: container
 * and pod from the cgroup, the pid in its own PID namespace, CPU %, start time and state.
 */
import type { CgroupAttribution } from "../linux/cgroup/cgroup_attribution.ts";
import type { ProcessInfo, StatFields } from "../linux/process_info.ts";
import { type PodName, podUidKey } from "../linux/pod_logs.ts";
import { processStateOf } from "../linux/process_state.ts";
import type { ProcessContainer, ProcessPod, ProcessState } from "../model/process_attribution.ts";
import type { GpuProcess } from "../model/types.ts";

export interface ProcessFacts {
  name: string | null;
  command: string | null;
  user: string | null;
  rssBytes: number | null;
  container: ProcessContainer | null;
  pod: ProcessPod | null;
  containerPid: number | null;
  cpuPercent: number | null;
  startTime: string | null;
  state: ProcessState | null;
}

/** The parts that do not come from `ProcessInfo`, as one read found them. */
export interface ProcessReadings {
  stat: StatFields | null;
  cgroup: CgroupAttribution | null;
  /** ISO 8601, from the stat's start time and the boot time. */
  startTime: string | null;
  cpuPercent: number | null;
}

/** The facts of one process read in full. */
export function factsOf(pid: number, info: ProcessInfo, readings: ProcessReadings): ProcessFacts {
  return {
    name: info.name,
    command: info.command,
    user: info.user,
    rssBytes: info.rssBytes,
    ...attributionFacts(readings.cgroup),
    containerPid: containerPidOf(pid, info.namespacePid),
    cpuPercent: readings.cpuPercent,
    startTime: readings.startTime,
    state: processStateOf(readings.stat?.state ?? info.stateLetter),
  };
}

/** `NSpid:`'s innermost pid, null when it is the pid itself (no PID namespace of its own). */
export function containerPidOf(pid: number, namespacePid: number | null): number | null {
  return namespacePid === null || namespacePid === pid ? null : namespacePid;
}

/** Container and pod of a cgroup; the pod's namespace and name are filled in later. */
export function attributionFacts(
  cgroup: CgroupAttribution | null,
): Pick<ProcessFacts, "container" | "pod"> {
  const pod = cgroup?.pod ?? null;
  return {
    container: cgroup?.container ?? null,
    pod: pod === null ? null : { uid: pod.uid, namespace: null, name: null, qos: pod.qos },
  };
}

/**
 * Names the pods of this sample's facts, in place (each a new pod object: the ones cached for
 * a process instance stay unnamed, so a pod's logs folder appearing later names it). The pod
 * names are listed once, and only when some process is in a pod.
 */
export function withPodNames(
  factsByPid: Map<number, ProcessFacts>,
  readNames: () => ReadonlyMap<string, PodName>,
): void {
  let names: ReadonlyMap<string, PodName> | null = null;
  // forEach, not `for…of` over entries: no [pid, facts] array per process per sample.
  factsByPid.forEach((facts, pid) => {
    if (facts.pod === null) return;
    names ??= readNames();
    const named = names.get(podUidKey(facts.pod.uid));
    if (named === undefined) return;
    const pod = { ...facts.pod, namespace: named.namespace, name: named.name };
    factsByPid.set(pid, { ...facts, pod }); // an existing key: visited once, as before
  });
}

/** The row with /proc's facts; what the backend gave (user, RSS) wins. */
export function withFacts(process: GpuProcess, facts: ProcessFacts): GpuProcess {
  return {
    ...process,
    name: facts.name ?? process.name,
    command: facts.command ?? process.command,
    user: process.user ?? facts.user,
    rssBytes: process.rssBytes ?? facts.rssBytes,
    container: facts.container,
    pod: facts.pod,
    containerPid: facts.containerPid,
    cpuPercent: facts.cpuPercent,
    startTime: facts.startTime,
    state: facts.state,
  };
}

/**
 * `kept` with what a sample of a known process changes (`stat`'s RSS and state, the CPU %):
 * the last sample's object when those are the same (facts are never changed once made, so
 * handing one out again is safe; an idle process allocates none), else a new one.
 */
export function sampledFacts(
  last: ProcessFacts | undefined,
  kept: ProcessFacts,
  rssBytes: number | null,
  state: ProcessFacts["state"],
  cpuPercent: number | null,
): ProcessFacts {
  if (
    last !== undefined && last.rssBytes === rssBytes && last.state === state &&
    last.cpuPercent === cpuPercent
  ) return last;
  return { ...kept, rssBytes, state, cpuPercent };
}
