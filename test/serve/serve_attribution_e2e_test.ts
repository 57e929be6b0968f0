/**
 * `gputop serve` on the attribution tree (`test/linux/cgroup/attribution_tree.ts`): process
 * series labelled with container_id, pod and namespace, and one series per pod and device.
 */
import assert from "node:assert/strict";
import { startServe } from "./serve_process.ts";
import { buildAttributionTree } from "../linux/cgroup/attribution_tree.ts";
import { UID_STATIC } from "../linux/cgroup/cgroup_cases.ts";

const MiB = 1024 * 1024;

Deno.test("serve: process series carry container_id, pod, namespace; pods are summed", async () => {
  const tree = buildAttributionTree();
  const serve = await startServe(
    ["--interval", "100ms", "--backends", "drm", "--root", tree.root],
    {},
  );
  try {
    const text = await (await fetch(`http://127.0.0.1:${serve.port}/metrics`)).text();
    assert.match(
      text,
      /^gputop_process_gpu_memory_bytes\{pid="3002",comm="case2",device="0",container_id="3f2a9c1e7b4d",pod="trainer-0",namespace="ml"\} 3145728$/m,
    );
    assert.match(
      text,
      /^gputop_process_gpu_memory_bytes\{pid="3015",comm="case15",device="0",container_id="buildbox"\} \d+$/m,
    );
    assert.match(
      text,
      /^gputop_process_gpu_memory_bytes\{pid="4300",comm="glxgears",device="0"\} \d+$/m,
    );
    const pods = [...text.matchAll(/^gputop_pod_gpu_memory_bytes\{(.*)\} (\d+)$/gm)]
      .map((m) => [m[1], Number(m[2]) / MiB]);
    assert.deepEqual(pods, [
      ['namespace="batch",pod="sweep-3",device="0"', 4 + 8 + 18],
      ['namespace="ml",pod="trainer-0",device="0"', 3 + 6 + 10],
      ['namespace="serving",pod="llm-7f9c",device="0"', 5 + 7],
      [`namespace="",pod="${UID_STATIC}",device="0"`, 9],
    ]);
  } finally {
    await serve.stop();
    tree.dispose();
  }
});
