/**
 * cgroup paths of processes in every runtime the attribution knows, as they occur in the
 * wild (systemd and cgroupfs drivers, rootful and rootless, nested), each with what gputop
 * must make of it. Shared by the parser's tests and the fixture trees of the end-to-end
 * tests, which write them as cgroup v1 and v2 files (`cgroupFile`).
 */
import type { CgroupAttribution } from "../../../src/linux/cgroup/cgroup_attribution.ts";

export const ID_A = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";
export const ID_B = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
export const UID_BURSTABLE = "1e5ab2c4-7a3d-4f0e-9b8c-2d6f7a1b3c5e";
export const UID_GUARANTEED = "9c8b7a65-4321-4fed-8cba-0123456789ab";
export const UID_BESTEFFORT = "44f1c0de-2b3a-4c5d-8e9f-a0b1c2d3e4f5";
/** A static pod's UID: the hash of its manifest, 32 hex digits without dashes. */
export const UID_STATIC = "5ae5b0a5c1ee5ab26bb3b5fd6e6c8f37";

export interface CgroupCase {
  name: string;
  path: string;
  expected: CgroupAttribution | null;
}

const underscored = (uid: string) => uid.replaceAll("-", "_");

export const CGROUP_CASES: readonly CgroupCase[] = [
  {
    name: "docker, systemd driver",
    path: `/system.slice/docker-${ID_A}.scope`,
    expected: { container: { runtime: "docker", id: ID_A }, pod: null },
  },
  {
    name: "docker, cgroupfs driver",
    path: `/docker/${ID_A}`,
    expected: { container: { runtime: "docker", id: ID_A }, pod: null },
  },
  {
    name: "kubernetes burstable, systemd driver, containerd",
    path: `/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod${
      underscored(UID_BURSTABLE)
    }.slice/cri-containerd-${ID_A}.scope`,
    expected: {
      container: { runtime: "containerd", id: ID_A },
      pod: { uid: UID_BURSTABLE, qos: "burstable" },
    },
  },
  {
    name: "kubernetes besteffort, systemd driver, CRI-O",
    path: `/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod${
      underscored(UID_BESTEFFORT)
    }.slice/crio-${ID_B}.scope`,
    expected: {
      container: { runtime: "cri-o", id: ID_B },
      pod: { uid: UID_BESTEFFORT, qos: "besteffort" },
    },
  },
  {
    name: "kubernetes guaranteed, systemd driver, cri-dockerd",
    path: `/kubepods.slice/kubepods-pod${underscored(UID_GUARANTEED)}.slice/docker-${ID_A}.scope`,
    expected: {
      container: { runtime: "docker", id: ID_A },
      pod: { uid: UID_GUARANTEED, qos: "guaranteed" },
    },
  },
  {
    name: "kubernetes burstable, cgroupfs driver",
    path: `/kubepods/burstable/pod${UID_BURSTABLE}/${ID_B}`,
    expected: {
      container: { runtime: "other", id: ID_B },
      pod: { uid: UID_BURSTABLE, qos: "burstable" },
    },
  },
  {
    name: "kubernetes guaranteed, cgroupfs driver",
    path: `/kubepods/pod${UID_GUARANTEED}/${ID_A}`,
    expected: {
      container: { runtime: "other", id: ID_A },
      pod: { uid: UID_GUARANTEED, qos: "guaranteed" },
    },
  },
  {
    name: "kubernetes besteffort, cgroupfs driver, CRI-O",
    path: `/kubepods/besteffort/pod${UID_BESTEFFORT}/crio-${ID_B}`,
    expected: {
      container: { runtime: "cri-o", id: ID_B },
      pod: { uid: UID_BESTEFFORT, qos: "besteffort" },
    },
  },
  {
    name: "kubernetes static pod (undashed UID)",
    path: `/kubepods/burstable/pod${UID_STATIC}/${ID_A}`,
    expected: {
      container: { runtime: "other", id: ID_A },
      pod: { uid: UID_STATIC, qos: "burstable" },
    },
  },
  {
    name: "kubernetes pod-level cgroup (no container)",
    path: `/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod${
      underscored(UID_BURSTABLE)
    }.slice`,
    expected: { container: null, pod: { uid: UID_BURSTABLE, qos: "burstable" } },
  },
  {
    name: "podman rootless, nested container cgroup",
    path: `/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-${ID_B}.scope/container`,
    expected: { container: { runtime: "podman", id: ID_B }, pod: null },
  },
  {
    name: "podman rootful",
    path: `/machine.slice/libpod-${ID_A}.scope`,
    expected: { container: { runtime: "podman", id: ID_A }, pod: null },
  },
  {
    name: "podman's monitor is not the container",
    path: `/machine.slice/libpod-conmon-${ID_A}.scope`,
    expected: null,
  },
  {
    name: "lxc",
    path: "/lxc.payload.web1/system.slice/nginx.service",
    expected: { container: { runtime: "lxc", id: "web1" }, pod: null },
  },
  {
    name: "lxc's monitor is not the container",
    path: "/lxc.monitor.web1",
    expected: null,
  },
  {
    name: "systemd-nspawn, nested payload",
    path: "/machine.slice/machine-buildbox.scope/payload",
    expected: { container: { runtime: "systemd-nspawn", id: "buildbox" }, pod: null },
  },
  {
    name: "systemd-nspawn, escaped name",
    path: "/machine.slice/machine-build\\x2dbox.scope",
    expected: { container: { runtime: "systemd-nspawn", id: "build-box" }, pod: null },
  },
  {
    name: "kind node (a docker container) holding a pod",
    path: `/system.slice/docker-${ID_B}.scope/kubepods/besteffort/pod${UID_BESTEFFORT}/${ID_A}`,
    expected: {
      container: { runtime: "other", id: ID_A },
      pod: { uid: UID_BESTEFFORT, qos: "besteffort" },
    },
  },
  {
    name: "inside a container's own cgroup namespace",
    path: "/",
    expected: null,
  },
  {
    name: "a desktop session",
    path: "/user.slice/user-1000.slice/session-2.scope",
    expected: null,
  },
];

/** A cgroup v2 file for one path: the single unified line. */
export function cgroupV2(path: string): string {
  return `0::${path}\n`;
}

/** A cgroup v1 file for one path, as runc writes it: every hierarchy, the path in each. */
export function cgroupV1(path: string): string {
  const hierarchies = [
    "cpuset",
    "cpu,cpuacct",
    "blkio",
    "memory",
    "devices",
    "freezer",
    "net_cls,net_prio",
    "perf_event",
    "hugetlb",
    "pids",
    "rdma",
  ];
  const lines = hierarchies.map((names, i) => `${12 - i}:${names}:${path}`);
  return [...lines, `1:name=systemd:${path}`, ""].join("\n");
}
