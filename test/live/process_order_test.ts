import assert from "node:assert/strict";
import { offeredSortOrders, sortProcesses } from "../../src/live/process_order.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

const a = makeProcess({
  pid: 1,
  cpuPercent: 5,
  startTime: "2025-01-01T00:00:00Z",
  container: { runtime: "podman", id: "b" },
});
const b = makeProcess({
  pid: 2,
  cpuPercent: 90,
  startTime: "2025-02-01T00:00:00Z",
  pod: { uid: "u", namespace: "ml", name: "x", qos: null },
});
const c = makeProcess({ pid: 3, container: { runtime: "docker", id: "a" } });

Deno.test("sortProcesses: CPU% and start biggest or newest first, container and pod A-Z, unknown last", () => {
  const order = (by: Parameters<typeof sortProcesses>[1]) =>
    sortProcesses([c, a, b], by).map((p) => p.pid);
  assert.deepEqual(order("cpu"), [2, 1, 3]);
  assert.deepEqual(order("start"), [2, 1, 3]);
  assert.deepEqual(order("container"), [3, 1, 2]);
  assert.deepEqual(order("pod"), [2, 1, 3]);
  assert.deepEqual(order("pid"), [1, 2, 3]);
});

Deno.test("offeredSortOrders: the basic ones, plus those whose column some process fills", () => {
  assert.deepEqual(offeredSortOrders([makeProcess()]), ["memory", "utilization", "pid"]);
  assert.deepEqual(offeredSortOrders([c]), ["memory", "utilization", "container", "pid"]);
  assert.deepEqual(offeredSortOrders([a, b]), [
    "memory",
    "utilization",
    "cpu",
    "start",
    "container",
    "pod",
    "pid",
  ]);
});
