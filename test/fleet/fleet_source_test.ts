import assert from "node:assert/strict";
import { FleetSource } from "../../src/fleet/fleet_source.ts";
import { hostTarget } from "../../src/fleet/host_target.ts";
import { fixtureSnapshotJson, startFakeHost } from "../support/fake_hosts.ts";

Deno.test("FleetSource: a slow host does not hold the sample back; its last reading stays, marked", async () => {
  const body = await fixtureSnapshotJson("amdgpu-discrete");
  const fast = startFakeHost({ kind: "snapshot", body });
  const slow = startFakeHost({ kind: "snapshot", body, delayMs: 600 });
  const source = new FleetSource([
    hostTarget(fast.host, "--hosts"),
    hostTarget(slow.host, "--hosts"),
  ], {
    timeoutMs: 5000,
    token: null,
    maxBytes: 1 << 20,
    waitMs: 200,
    ids: null,
  });
  try {
    const started = performance.now();
    const first = await source.sample();
    assert.ok(performance.now() - started < 500, "drawn within the wait, not the slow answer");
    assert.deepEqual(first.devices.map((d) => d.host), [fast.host]);
    assert.deepEqual(first.hosts?.map((h) => h.status), ["ok", "timeout"]);
    assert.equal(first.hosts?.[1]?.detail, "no answer yet");
    await new Promise((resolve) => setTimeout(resolve, 700)); // the slow answer lands
    const second = await source.sample(); // asks both again; the slow one is late again
    assert.deepEqual(second.devices.map((d) => d.host), [fast.host, slow.host]);
    assert.equal(second.hosts?.[1]?.status, "ok");
    assert.match(second.hosts?.[1]?.detail ?? "", /^waiting; reading from \ds ago$/);
    assert.equal(slow.requests.length, 2, "one request at a time per host");
  } finally {
    source.close();
    await new Promise((resolve) => setTimeout(resolve, 700));
    await Promise.all([fast.close(), slow.close()]);
  }
});
