import assert from "node:assert/strict";
import { podFamily } from "../../src/render/prometheus_pod.ts";
import { renderExposition } from "../../src/render/prometheus.ts";
import { makeProcess, makeSnapshot } from "./snapshot_builder.ts";

const UID = "1e5ab2c4-7a3d-4f0e-9b8c-2d6f7a1b3c5e";
const ID = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";
const trainer = { uid: UID, namespace: "ml", name: "trainer-0", qos: "burstable" as const };

Deno.test("podFamily: each pod's own figures summed per device, largest first, at most max", () => {
  const processes = [
    makeProcess({ pid: 1, pod: trainer, deviceIndex: 0, gpuMemoryBytes: 100 }),
    makeProcess({ pid: 2, pod: trainer, deviceIndex: 0, gpuMemoryBytes: 50 }),
    makeProcess({ pid: 2, pod: trainer, deviceIndex: 0, gpuMemoryBytes: 50 }), // a duplicate row
    makeProcess({ pid: 2, pod: trainer, deviceIndex: 1, gpuMemoryBytes: 7 }),
    makeProcess({ pid: 3, pod: trainer, deviceIndex: 1, gpuMemoryBytes: 9, perProcess: false }),
    makeProcess({
      pid: 4,
      pod: { uid: "u-1", namespace: null, name: null, qos: null },
      deviceIndex: 0,
      gpuMemoryBytes: 20,
    }),
    makeProcess({ pid: 5, deviceIndex: 0, gpuMemoryBytes: 1000 }), // in no pod
  ];
  assert.deepEqual(podFamily(processes, 10).samples, [
    { labels: [["namespace", "ml"], ["pod", "trainer-0"], ["device", "0"]], value: 150 },
    { labels: [["namespace", ""], ["pod", "u-1"], ["device", "0"]], value: 20 },
    { labels: [["namespace", "ml"], ["pod", "trainer-0"], ["device", "1"]], value: 7 },
  ]);
  assert.equal(podFamily(processes, 1).samples.length, 1);
});

Deno.test("process series: container_id, pod and namespace labels only when known", () => {
  const text = renderExposition(
    makeSnapshot({
      processes: [
        makeProcess({
          pid: 7,
          name: "python",
          gpuMemoryBytes: 10,
          container: { runtime: "containerd", id: ID },
          pod: trainer,
        }),
        makeProcess({ pid: 8, name: "glxgears", gpuMemoryBytes: 5 }),
      ],
    }),
    {
      openMetrics: false,
      processMetrics: true,
      maxProcessSeries: 10,
      sampleDurationSeconds: null,
      version: "v",
      denoVersion: "d",
    },
  );
  assert.match(
    text,
    /^gputop_process_gpu_memory_bytes\{pid="7",comm="python",device="0",container_id="3f2a9c1e7b4d",pod="trainer-0",namespace="ml"\} 10$/m,
  );
  assert.match(text, /^gputop_process_gpu_memory_bytes\{pid="8",comm="glxgears",device="0"\} 5$/m);
  assert.match(
    text,
    /^gputop_pod_gpu_memory_bytes\{namespace="ml",pod="trainer-0",device="0"\} 10$/m,
  );
});

Deno.test("pod sums stay under --no-process-metrics; the per-process series go", () => {
  const text = renderExposition(
    makeSnapshot({ processes: [makeProcess({ pid: 7, gpuMemoryBytes: 10, pod: trainer })] }),
    {
      openMetrics: false,
      processMetrics: false,
      maxProcessSeries: 10,
      sampleDurationSeconds: null,
      version: "v",
      denoVersion: "d",
    },
  );
  assert.doesNotMatch(text, /gputop_process_/);
  assert.match(
    text,
    /^gputop_pod_gpu_memory_bytes\{namespace="ml",pod="trainer-0",device="0"\} 10$/m,
  );
});
