/**
 * The vocabulary of a process's attribution (who runs it, where, in what state), without zod:
 * the schema (`schema.ts`) builds its enums from these lists and the Linux readers fill the
 * types. See the README's "Containers, pods, users and CPU" for where each value comes from.
 */

/** Container runtimes told apart by their cgroup paths; `other` when only the id is seen. */
export const CONTAINER_RUNTIMES = [
  "docker",
  "containerd",
  "cri-o",
  "podman",
  "lxc",
  "systemd-nspawn",
  "other",
] as const;
export type ContainerRuntime = (typeof CONTAINER_RUNTIMES)[number];

/** Kubernetes QoS classes, as the kubelet names its cgroups (a guaranteed pod has none). */
export const POD_QOS_CLASSES = ["guaranteed", "burstable", "besteffort"] as const;
export type PodQos = (typeof POD_QOS_CLASSES)[number];

/** `/proc/<pid>/stat`'s state letter, in words (`other` for the rarer letters). */
export const PROCESS_STATES = [
  "running",
  "sleeping",
  "disk-sleep",
  "stopped",
  "zombie",
  "other",
] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];

/** The container a process runs in: the 64-hex id where the runtime uses one, else its name. */
export interface ProcessContainer {
  runtime: ContainerRuntime;
  id: string;
}

/** The Kubernetes pod a process belongs to; namespace and name come from the kubelet's logs. */
export interface ProcessPod {
  /** The canonical UID (dashed, lower case), however the cgroup path spelt it. */
  uid: string;
  namespace: string | null;
  name: string | null;
  qos: PodQos | null;
}

/**
 * A pod UID as a key to compare by: lower case, without `-` (cgroup paths write `_` for it),
 * so the dashed UID, the systemd spelling and a static pod's 32-hex UID compare alike.
 */
export function podUidKey(uid: string): string {
  return uid.toLowerCase().replace(/[-_]/g, "");
}

/** A process row's attribution fields before /proc was read: all unknown. */
export const NO_ATTRIBUTION = {
  container: null,
  pod: null,
  containerPid: null,
  cpuPercent: null,
  startTime: null,
  state: null,
} as const;
