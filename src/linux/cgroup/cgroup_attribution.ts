/**
 * Which container and which Kubernetes pod a process belongs to, from its cgroup alone
 * (`/proc/<pid>/cgroup`). A pure function of the file's text: nothing else is read, and
 * nothing is guessed — a path that names no container (a desktop session, `/` inside a
 * container's own cgroup namespace) gives null.
 *
 * A path is read from the root down. The outermost container wins, and everything nested
 * below its cgroup belongs to it (Podman's `…/libpod-<id>.scope/container`, nspawn's
 * `…/machine-<name>.scope/payload`, Docker in Docker). A pod found below a container (a kind
 * or k3d node is itself a container) takes over: its own container is the one below it.
 */
import type { ProcessContainer } from "../../model/process_attribution.ts";
import { cgroupPathsOf } from "./cgroup_file.ts";
import { containerOfComponent } from "./container_component.ts";
import { type PodInPath, podOfComponent, qosAfter } from "./pod_component.ts";

export interface CgroupAttribution {
  container: ProcessContainer | null;
  pod: PodInPath | null;
}

/** A cgroup name is one directory name: the kernel allows at most 255 bytes. */
const MAX_COMPONENT_LENGTH = 255;

/**
 * The attribution of a `/proc/<pid>/cgroup` text: from the first of its paths (see
 * `cgroupPathsOf`) that names a container or a pod; null when none does.
 */
export function attributionOfCgroup(text: string): CgroupAttribution | null {
  for (const path of cgroupPathsOf(text)) {
    const found = attributionOfPath(path);
    if (found !== null) return found;
  }
  return null;
}

/** The attribution of one cgroup path, or null when it names neither container nor pod. */
export function attributionOfPath(path: string): CgroupAttribution | null {
  let container: ProcessContainer | null = null;
  let pod: PodInPath | null = null;
  let qos: PodInPath["qos"] = null;
  let parent: string | undefined;
  for (const component of path.split("/")) {
    if (component === "" || component.length > MAX_COMPONENT_LENGTH) {
      if (component !== "") parent = undefined;
      continue;
    }
    const podHere: PodInPath | null = pod === null ? podOfComponent(component, qos) : null;
    if (podHere !== null) {
      pod = podHere;
      container = null; // the node's container, if any: the pod's own is below
    } else if (container === null) {
      container = containerOfComponent(component, parent, pod !== null);
      if (container !== null && pod !== null) break;
    }
    qos = qosAfter(component, qos);
    parent = component;
  }
  return container === null && pod === null ? null : { container, pod };
}
