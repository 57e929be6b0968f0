import assert from "node:assert/strict";
import { processFilteredSource } from "../../src/session/process_filtered_source.ts";
import { makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

Deno.test("processFilteredSource: each reading keeps the matching processes and every device", async () => {
  let closed = 0;
  const source = {
    sample: () =>
      Promise.resolve(makeSnapshot({
        devices: [makeDevice()],
        processes: [makeProcess({ pid: 1, user: "a" }), makeProcess({ pid: 2, user: "b" })],
      })),
    close: () => {
      closed++;
    },
  };
  assert.equal(processFilteredSource(source, null), source);
  const filtered = processFilteredSource(source, { containers: [], pods: [], users: ["b"] });
  const reading = await filtered.sample();
  assert.deepEqual(reading.processes.map((p) => p.pid), [2]);
  assert.equal(reading.devices.length, 1);
  await filtered.close();
  assert.equal(closed, 1);
});
