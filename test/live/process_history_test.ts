import assert from "node:assert/strict";
import { ProcessHistory } from "../../src/live/process_history.ts";
import { processKey } from "../../src/live/selection.ts";
import { makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

const GiB = 1024 ** 3;

Deno.test("ProcessHistory: a process's memory summed over its devices; unknown stays null", () => {
  const history = new ProcessHistory(4);
  const onTwo = (a: number | null, b: number | null) =>
    makeSnapshot({
      processes: [
        makeProcess({ pid: 7, deviceId: "g0", gpuMemoryBytes: a }),
        makeProcess({ pid: 7, deviceId: "g1", gpuMemoryBytes: b }),
      ],
    });
  history.push(onTwo(1 * GiB, 2 * GiB));
  history.push(onTwo(null, 1 * GiB));
  history.push(onTwo(null, null));
  const key = processKey(makeProcess({ pid: 7 }));
  assert.deepEqual(history.memoryOf(key), [3 * GiB, 1 * GiB, null]);
  assert.deepEqual(history.memoryOf("8@"), [], "a process never seen");
});

Deno.test("ProcessHistory: bounded in samples and in processes; the gone are forgotten", () => {
  const history = new ProcessHistory(10, 3);
  for (let t = 0; t < 1000; t++) {
    // 5 processes a reading, their pids moving on: only the 3 largest are kept.
    history.push(makeSnapshot({
      processes: [0, 1, 2, 3, 4].map((i) =>
        makeProcess({ pid: t * 10 + i, gpuMemoryBytes: (i + 1) * 100 })
      ),
    }));
  }
  assert.equal(history.size, 3);
  const largest = processKey(makeProcess({ pid: 9994 }));
  assert.deepEqual(history.memoryOf(largest), [500]);
  const smallest = processKey(makeProcess({ pid: 9990 }));
  assert.deepEqual(history.memoryOf(smallest), [], "the smallest of five is not tracked");
  const steady = new ProcessHistory(10, 3);
  for (let t = 0; t < 1000; t++) {
    steady.push(makeSnapshot({ processes: [makeProcess({ pid: 1, gpuMemoryBytes: t })] }));
  }
  assert.deepEqual(steady.memoryOf("1@"), [990, 991, 992, 993, 994, 995, 996, 997, 998, 999]);
});

Deno.test("ProcessHistory: a reused pid (another start time) or another host is another process", () => {
  const history = new ProcessHistory(4);
  const first = makeProcess({ pid: 7, startTime: "2024-01-01T00:00:00.000Z", gpuMemoryBytes: 1 });
  const reused = { ...first, startTime: "2024-01-01T00:05:00.000Z", gpuMemoryBytes: 2 };
  const remote = { ...reused, host: "node-b", gpuMemoryBytes: 3 };
  history.push(makeSnapshot({ processes: [first] }));
  history.push(makeSnapshot({ processes: [first] }));
  history.push(makeSnapshot({ processes: [reused] }));
  assert.deepEqual(history.memoryOf(processKey(first)), []);
  assert.deepEqual(history.memoryOf(processKey(reused)), [2]);
  history.push(makeSnapshot({ processes: [remote] }));
  assert.equal(processKey(remote), "node-b 7@2024-01-01T00:05:00.000Z");
  assert.deepEqual(history.memoryOf(processKey(remote)), [3]);
  assert.deepEqual(history.memoryOf(processKey(reused)), []);
  history.push(makeSnapshot({ processes: [first] }));
  assert.deepEqual(history.memoryOf(processKey(first)), [1]);
});
