/**
 * Pod names from the kubelet's log folders: it writes each pod's container logs under
 * `/var/log/pods/<namespace>_<name>_<uid>/`. Neither a namespace (a DNS label) nor a pod name
 * (a DNS subdomain) can hold `_`, so a folder name splits into exactly three parts; any other
 * entry is skipped. One directory listing, no file read.
 */
import { podUidKey } from "../model/process_attribution.ts";
import { listDirOrNull } from "./read_file.ts";

export { podUidKey };

export interface PodName {
  namespace: string;
  name: string;
}

const UID_KEY = /^[0-9a-f]{32}$/;

/** `<namespace>_<name>_<uid>` → its parts; null for a name of another shape. */
export function parsePodLogDirName(entry: string): (PodName & { uid: string }) | null {
  const parts = entry.split("_");
  if (parts.length !== 3) return null;
  const [namespace, name, uid] = parts as [string, string, string];
  if (namespace === "" || name === "" || !UID_KEY.test(podUidKey(uid))) return null;
  return { namespace, name, uid };
}

/** The pods named under a `var/log/pods` folder, by `podUidKey`; empty when unreadable. */
export function readPodNames(podLogsDir: string): Map<string, PodName> {
  const names = new Map<string, PodName>();
  for (const entry of listDirOrNull(podLogsDir) ?? []) {
    const pod = parsePodLogDirName(entry);
    if (pod !== null) names.set(podUidKey(pod.uid), { namespace: pod.namespace, name: pod.name });
  }
  return names;
}
