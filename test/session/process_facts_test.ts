import assert from "node:assert/strict";
import {
  attributionFacts,
  containerPidOf,
  factsOf,
  withFacts,
} from "../../src/session/process_facts.ts";
import { makeProcess } from "../render/snapshot_builder.ts";

Deno.test("containerPidOf: the innermost pid, null when it is the pid itself or unknown", () => {
  assert.equal(containerPidOf(4100, 7), 7);
  assert.equal(containerPidOf(4100, 4100), null);
  assert.equal(containerPidOf(4100, null), null);
});

Deno.test("attributionFacts: a pod gets null namespace and name until the logs are read", () => {
  assert.deepEqual(attributionFacts(null), { container: null, pod: null });
  assert.deepEqual(
    attributionFacts({ container: null, pod: { uid: "u", qos: "burstable" } }).pod,
    { uid: "u", namespace: null, name: null, qos: "burstable" },
  );
});

Deno.test("factsOf: state from stat, else from status; withFacts keeps the backend's user", () => {
  const info = {
    name: "n",
    command: "c",
    user: "alice",
    rssBytes: 1,
    namespacePid: 9,
    stateLetter: "S",
  };
  const readings = { stat: null, cgroup: null, startTime: null, cpuPercent: null };
  assert.equal(factsOf(1, info, readings).state, "sleeping");
  const stat = { startTime: "1", rssPages: 1, startTicks: 1, state: "R", cpuTicks: 1 };
  const facts = factsOf(1, info, { ...readings, stat, cpuPercent: 12.5 });
  assert.equal(facts.state, "running");
  assert.equal(facts.containerPid, 9);
  const row = withFacts(makeProcess({ pid: 1, user: "from-backend" }), facts);
  assert.equal(row.user, "from-backend");
  assert.equal(row.cpuPercent, 12.5);
  assert.equal(row.name, "n");
});
