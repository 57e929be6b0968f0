/**
 * `gputop_pod_gpu_memory_bytes{namespace,pod,device}`: the GPU memory of every process of a
 * Kubernetes pod, summed per device, so a cluster dashboard needs no join with process series.
 * Only processes' own figures are summed (a device-wide figure is no pod's), each (pid, device)
 * once. A pod whose name is not known is labelled by its UID, with an empty namespace. At most
 * `max` series, largest first, like the process series.
 */
import type { GpuProcess } from "../model/types.ts";
import type { Family } from "./prometheus_family.ts";

interface PodSum {
  namespace: string;
  pod: string;
  device: number;
  bytes: number;
}

function podSums(processes: readonly GpuProcess[]): PodSum[] {
  const sums = new Map<string, PodSum>();
  const counted = new Set<string>();
  for (const process of processes) {
    const { pod, deviceIndex, gpuMemoryBytes } = process;
    if (pod === null || deviceIndex === null || gpuMemoryBytes === null) continue;
    if (!process.perProcess) continue;
    const row = `${process.pid}/${deviceIndex}`;
    if (counted.has(row)) continue;
    counted.add(row);
    const key = `${pod.uid}/${deviceIndex}`;
    const sum = sums.get(key) ??
      { namespace: pod.namespace ?? "", pod: pod.name ?? pod.uid, device: deviceIndex, bytes: 0 };
    sum.bytes += gpuMemoryBytes;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

export function podFamily(processes: readonly GpuProcess[], max: number): Family {
  const sums = podSums(processes).sort((a, b) =>
    b.bytes - a.bytes || a.namespace.localeCompare(b.namespace) ||
    a.pod.localeCompare(b.pod) || a.device - b.device
  );
  return {
    name: "gputop_pod_gpu_memory_bytes",
    kind: "gauge",
    help: "GPU memory of a Kubernetes pod's processes on one device, summed.",
    samples: sums.slice(0, Math.max(0, max)).map((sum) => ({
      labels: [["namespace", sum.namespace], ["pod", sum.pod], ["device", String(sum.device)]],
      value: sum.bytes,
    })),
  };
}
