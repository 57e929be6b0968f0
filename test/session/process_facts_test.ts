import assert from "node:assert/strict";
import {
  attributionFacts,
  containerPidOf,
  factsOf,
  sampledFacts,
  withFacts,
  withPodNames,
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

Deno.test("withPodNames: listed once and only when some process is in a pod; cache untouched", () => {
  const info = {
    name: null,
    command: null,
    user: null,
    rssBytes: null,
    namespacePid: null,
    stateLetter: null,
  };
  const readings = { stat: null, cgroup: null, startTime: null, cpuPercent: null };
  const plain = factsOf(1, info, readings);
  let listed = 0;
  const names = () => {
    listed++;
    return new Map([["abc", { namespace: "ns", name: "p" }]]);
  };
  withPodNames(new Map([[1, plain]]), names);
  assert.equal(listed, 0, "no pod: the folder is not listed");
  const cgroup = { container: null, pod: { uid: "a-b-c", qos: null } };
  const inPod = factsOf(2, info, { ...readings, cgroup });
  const other = factsOf(3, info, {
    ...readings,
    cgroup: { ...cgroup, pod: { uid: "d", qos: null } },
  });
  const byPid = new Map([[1, plain], [2, inPod], [3, other]]);
  withPodNames(byPid, names);
  assert.equal(listed, 1);
  assert.deepEqual(byPid.get(2)?.pod, { uid: "a-b-c", namespace: "ns", name: "p", qos: null });
  assert.equal(byPid.get(3)?.pod?.name, null, "not in the logs: unnamed");
  assert.equal(inPod.pod?.name, null, "the facts passed in are not changed");
});

Deno.test("sampledFacts: the last object again while RSS, state and CPU % are the same", () => {
  const info = {
    name: "n",
    command: "c",
    user: "u",
    rssBytes: 1,
    namespacePid: null,
    stateLetter: "S",
  };
  const kept = factsOf(1, info, { stat: null, cgroup: null, startTime: null, cpuPercent: null });
  const first = sampledFacts(undefined, kept, 4096, "sleeping", 2);
  assert.deepEqual(first, { ...kept, rssBytes: 4096, state: "sleeping", cpuPercent: 2 });
  assert.notEqual(first, kept, "the kept facts are not changed");
  assert.equal(sampledFacts(first, kept, 4096, "sleeping", 2), first);
  for (
    const [rss, state, cpu] of [[8192, "sleeping", 2], [4096, "running", 2], [
      4096,
      "sleeping",
      null,
    ]] as const
  ) {
    const next = sampledFacts(first, kept, rss, state, cpu);
    assert.notEqual(next, first);
    assert.deepEqual([next.rssBytes, next.state, next.cpuPercent], [rss, state, cpu]);
  }
  assert.equal(kept.rssBytes, 1);
});
