/**
 * A host tree built at test time for the attribution tests: GPU processes (amdgpu DRM clients
 * on amdgpu-discrete's card) in every container runtime under cgroup v1 and v2, pods of each
 * QoS class with the kubelet's `/var/log/pods` folders, a process in a nested PID namespace,
 * one outside any container, and one that exits mid-scan (its fd and fdinfo were read, its
 * other files are gone). Layout under the root: `proc/`, `sys/` (a copy of amdgpu-discrete's),
 * `etc/passwd`, `var/log/pods/`.
 */
import { join } from "node:path";
import { TreeWriter } from "../sysfs/tree_writer.ts";
import { copyTree, sysRootOf } from "../sysfs/fixture_tree.ts";
import {
  CGROUP_CASES,
  cgroupV1,
  cgroupV2,
  ID_A,
  UID_BESTEFFORT,
  UID_BURSTABLE,
  UID_GUARANTEED,
} from "./cgroup_cases.ts";

/** Seconds since the epoch at the tree's boot: 2024-01-02T03:04:05Z. */
export const BOOT_TIME_S = 1704164645;
/** Every process started 12.34 s after boot (ticks of 10 ms). */
export const START_TICKS = 1234;
export const START_TIME_ISO = "2024-01-02T03:04:17.340Z";

export interface TreeProcess {
  pid: number;
  comm: string;
  uid: number;
  /** The `cgroup` file's text; null: no such file. */
  cgroup: string | null;
  /** `NSpid:` values, outermost first; default `[pid]`. */
  nsPids?: number[];
  /** `stat`'s state letter and utime + stime; null: no `stat` file. */
  stat: { state: string; cpuTicks: number } | null;
  vramKib: number;
  /** Only fd and fdinfo, as if it exited after the DRM scan read them. */
  exited?: boolean;
}

export interface TreePod {
  namespace: string;
  name: string;
  uid: string;
}

/** Pods with their logs folders: one per QoS class. */
export const TREE_PODS: readonly TreePod[] = [
  { namespace: "ml", name: "trainer-0", uid: UID_BURSTABLE },
  { namespace: "serving", name: "llm-7f9c", uid: UID_GUARANTEED },
  { namespace: "batch", name: "sweep-3", uid: UID_BESTEFFORT },
];

/** `stat` state letters the case processes cycle through, and the state each means. */
export const STATE_LETTERS: readonly (readonly [string, string])[] = [
  ["R", "running"],
  ["S", "sleeping"],
  ["D", "disk-sleep"],
  ["T", "stopped"],
  ["t", "stopped"],
  ["Z", "zombie"],
  ["I", "other"],
];

/**
 * One process per cgroup case (pids from 3000), v2 for even pids and v1 for odd ones, each in
 * the next state of STATE_LETTERS.
 */
export function caseProcesses(): TreeProcess[] {
  return CGROUP_CASES.map((c, i) => ({
    pid: 3000 + i,
    comm: `case${i}`,
    uid: 1000,
    cgroup: i % 2 === 0 ? cgroupV2(c.path) : cgroupV1(c.path),
    stat: { state: STATE_LETTERS[i % STATE_LETTERS.length]![0], cpuTicks: 100 + i },
    vramKib: 1024 * (i + 1),
  }));
}

/** The extra processes: nested PID namespace, exited mid-scan, a plain desktop one. */
export const NESTED_PID = 4100;
export const EXITED_PID = 4200;
export const PLAIN_PID = 4300;
export function specialProcesses(): TreeProcess[] {
  return [
    {
      pid: NESTED_PID,
      comm: "nested",
      uid: 0,
      cgroup: cgroupV2(`/system.slice/docker-${ID_A}.scope`),
      nsPids: [NESTED_PID, 42, 7],
      stat: { state: "R", cpuTicks: 5 },
      vramKib: 512,
    },
    {
      pid: EXITED_PID,
      comm: "gone",
      uid: 1000,
      cgroup: null,
      stat: null,
      vramKib: 256,
      exited: true,
    },
    {
      pid: PLAIN_PID,
      comm: "glxgears",
      uid: 4242, // not in passwd: shown as the number
      cgroup: cgroupV2("/user.slice/user-4242.slice/session-1.scope"),
      stat: { state: "Z", cpuTicks: 0 },
      vramKib: 128,
    },
  ];
}

/** A `stat` line: fields 3–21 as a real one, utime in 14, start time in 22. */
export function statLine(pid: number, comm: string, state: string, cpuTicks: number): string {
  return `${pid} (${comm}) ${state} 1 ${pid} ${pid} 0 -1 4194304 99 0 0 0 ${cpuTicks} 0 0 0 ` +
    `20 0 1 0 ${START_TICKS} 3133440 382 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 0\n`;
}

function fdinfo(pid: number, vramKib: number): string {
  return [
    "pos:\t0",
    "flags:\t02100002",
    "mnt_id:\t24",
    "drm-driver:\tamdgpu",
    "drm-pdev:\t0000:03:00.0",
    `drm-client-id:\t${pid}`,
    `drm-memory-vram:\t${vramKib} KiB`,
    "drm-memory-gtt:\t0 KiB",
    "drm-engine-gfx:\t1000 ns",
    "",
  ].join("\n");
}

function writeProcess(tree: TreeWriter, p: TreeProcess): void {
  const dir = `proc/${p.pid}`;
  tree.link(`${dir}/fd/5`, "/dev/dri/renderD128");
  tree.file(`${dir}/fdinfo/5`, fdinfo(p.pid, p.vramKib));
  if (p.exited) return;
  tree.file(`${dir}/comm`, `${p.comm}\n`);
  tree.file(`${dir}/cmdline`, `${p.comm}\0--gpu\0`);
  const nsPids = (p.nsPids ?? [p.pid]).join("\t");
  tree.file(
    `${dir}/status`,
    `Name:\t${p.comm}\nState:\tS (sleeping)\nPid:\t${p.pid}\n` +
      `Uid:\t${p.uid}\t${p.uid}\t${p.uid}\t${p.uid}\nVmRSS:\t1528 kB\nNSpid:\t${nsPids}\n`,
  );
  if (p.stat !== null) {
    tree.file(`${dir}/stat`, statLine(p.pid, p.comm, p.stat.state, p.stat.cpuTicks));
  }
  if (p.cgroup !== null) tree.file(`${dir}/cgroup`, p.cgroup);
}

export interface AttributionTree {
  root: string;
  procRoot: string;
  sysRoot: string;
  dispose(): void;
}

/** Builds the tree in a new temporary folder; `dispose()` removes it. */
export function buildAttributionTree(
  processes: readonly TreeProcess[] = [...caseProcesses(), ...specialProcesses()],
  pods: readonly TreePod[] = TREE_PODS,
): AttributionTree {
  const root = Deno.makeTempDirSync({ prefix: "gputop-attribution-" });
  const tree = new TreeWriter(root);
  copyTree(sysRootOf("amdgpu-discrete"), join(root, "sys"));
  tree.file("proc/stat", `cpu  1 2 3 4\nintr 0\nbtime ${BOOT_TIME_S}\nprocesses 99\n`);
  tree.file("etc/passwd", "root:x:0:0::/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/sh\n");
  for (const p of processes) writeProcess(tree, p);
  for (const pod of pods) {
    tree.file(`var/log/pods/${pod.namespace}_${pod.name}_${pod.uid}/main/0.log`, "");
  }
  return {
    root,
    procRoot: join(root, "proc"),
    sysRoot: join(root, "sys"),
    dispose: () => Deno.removeSync(root, { recursive: true }),
  };
}
