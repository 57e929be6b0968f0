/**
 * A Kubernetes pod's cgroup, as the kubelet names it:
 * - systemd cgroup driver: `kubepods-pod<uid>.slice` (guaranteed: no QoS level),
 *   `kubepods-burstable-pod<uid>.slice`, `kubepods-besteffort-pod<uid>.slice`, with every
 *   `-` of the UID written `_` (a `-` separates slice levels in a systemd unit name);
 * - cgroupfs driver: `pod<uid>` below `kubepods/`, `kubepods/burstable/` or
 *   `kubepods/besteffort/`.
 * A UID is a dashed UUID, or 32 hex digits for a static pod (the kubelet uses the hash of
 * its manifest), always lower case.
 */
import type { PodQos } from "../../model/process_attribution.ts";

/** A pod as its cgroup path shows it; namespace and name come from elsewhere. */
export interface PodInPath {
  uid: string;
  qos: PodQos | null;
}

const UID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/;
const SYSTEMD_POD = /^kubepods-(?:(burstable|besteffort)-)?pod([0-9a-f_]{32,36})\.slice$/;
const CGROUPFS_POD = /^pod([0-9a-f-]{32,36})$/;

/**
 * The pod one path component names, or null. `qosAbove` is what the components above it
 * said (cgroupfs: `burstable` or `besteffort` below `kubepods`, `guaranteed` right below it;
 * null when no `kubepods` level was seen, as inside a cgroup namespace).
 */
export function podOfComponent(component: string, qosAbove: PodQos | null): PodInPath | null {
  const systemd = SYSTEMD_POD.exec(component);
  if (systemd) {
    const uid = systemd[2]!.replaceAll("_", "-");
    if (!UID.test(uid)) return null;
    return { uid, qos: (systemd[1] as PodQos | undefined) ?? "guaranteed" };
  }
  const cgroupfs = CGROUPFS_POD.exec(component);
  if (cgroupfs && UID.test(cgroupfs[1]!)) return { uid: cgroupfs[1]!, qos: qosAbove };
  return null;
}

/**
 * What one component says about the QoS of a cgroupfs pod below it, given what the ones
 * above said: `kubepods` starts the pod tree (guaranteed unless a level follows), then
 * `burstable` or `besteffort` name the level. Unchanged for any other component.
 */
export function qosAfter(component: string, before: PodQos | null): PodQos | null {
  if (component === "kubepods" || component === "kubepods.slice") return "guaranteed";
  if (before !== null && (component === "burstable" || component === "besteffort")) {
    return component;
  }
  return before;
}
