import assert from "node:assert/strict";
import {
  filterProcesses,
  matchesContainer,
  matchesPod,
  matchesProcessFilter,
} from "../../src/model/process_filter.ts";
import { makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";

const ID = "3f2a9c1e7b4d5a6978c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6";
const UID = "1e5ab2c4-7a3d-4f0e-9b8c-2d6f7a1b3c5e";
const inDocker = makeProcess({ pid: 1, user: "alice", container: { runtime: "docker", id: ID } });
const inBox = makeProcess({
  pid: 2,
  user: "bob",
  container: { runtime: "systemd-nspawn", id: "buildbox" },
});
const inPod = makeProcess({
  pid: 3,
  user: "1000",
  pod: { uid: UID, namespace: "ml", name: "trainer-0", qos: "burstable" },
});
const unnamedPod = makeProcess({
  pid: 4,
  pod: { uid: UID, namespace: null, name: null, qos: null },
});

Deno.test("matchesContainer: a hex id by prefix (any case), a name whole, runtime:id as shown", () => {
  for (const wanted of [ID, "3f2a9c1e7b4d", "3F2A", `docker:3f2a9c1e7b4d`]) {
    assert.ok(matchesContainer(inDocker, wanted), wanted);
  }
  for (const wanted of ["4f2a", "podman:3f2a", "", "docker"]) {
    assert.ok(!matchesContainer(inDocker, wanted), wanted);
  }
  assert.ok(matchesContainer(inBox, "buildbox"));
  assert.ok(matchesContainer(inBox, "systemd-nspawn:buildbox"));
  assert.ok(!matchesContainer(inBox, "build"), "a name is not a prefix");
  assert.ok(!matchesContainer(inPod, "3f2a"), "no container");
});

Deno.test("matchesPod: NAME, NAMESPACE/NAME or the UID (whole or 8+ first characters)", () => {
  for (const wanted of ["trainer-0", "ml/trainer-0", UID, "1e5ab2c4", UID.replaceAll("-", "_")]) {
    assert.ok(matchesPod(inPod, wanted), wanted);
  }
  for (const wanted of ["ml", "other/trainer-0", "1e5ab2c", "trainer", ""]) {
    assert.ok(!matchesPod(inPod, wanted), wanted);
  }
  assert.ok(matchesPod(unnamedPod, "1e5ab2c4"));
  assert.ok(!matchesPod(unnamedPod, "ml/trainer-0"));
  assert.ok(!matchesPod(inDocker, "1e5ab2c4"), "no pod");
});

Deno.test("matchesProcessFilter: any value of one option, every option given", () => {
  const filter = { containers: ["buildbox", "3f2a"], pods: [], users: ["alice", "bob"] };
  assert.ok(matchesProcessFilter(inDocker, filter));
  assert.ok(matchesProcessFilter(inBox, filter));
  assert.ok(!matchesProcessFilter(inPod, filter));
  assert.ok(!matchesProcessFilter(inBox, { ...filter, users: ["alice"] }));
});

Deno.test("filterProcesses keeps every device and the matching processes", () => {
  const snapshot = makeSnapshot({ processes: [inDocker, inBox, inPod] });
  assert.equal(filterProcesses(snapshot, null), snapshot);
  const kept = filterProcesses(snapshot, { containers: [], pods: [], users: ["1000"] });
  assert.deepEqual(kept.processes.map((p) => p.pid), [3]);
  assert.equal(kept.devices, snapshot.devices);
});
