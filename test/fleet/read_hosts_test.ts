import assert from "node:assert/strict";
import { MAX_HOSTS_IN_FLIGHT, readHosts } from "../../src/fleet/read_hosts.ts";
import { hostTarget } from "../../src/fleet/host_target.ts";
import { fixtureSnapshotJson } from "../support/fake_hosts.ts";

Deno.test("readHosts: at most 32 requests in flight, readings in the order given", async () => {
  const body = await fixtureSnapshotJson("amdgpu-discrete");
  let inFlight = 0;
  let most = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async () => {
    most = Math.max(most, ++inFlight);
    await new Promise((resolve) => setTimeout(resolve, 30));
    inFlight--;
    return new Response(body);
  });
  try {
    // One server, 100 entries: each a path prefix of its own (`/h7/snapshot`).
    const targets = Array.from(
      { length: 100 },
      (_, i) => hostTarget(`http://127.0.0.1:${server.addr.port}/h${i}`, "--hosts"),
    );
    const readings = await readHosts(targets, {
      timeoutMs: 10_000,
      token: null,
      maxBytes: 1 << 20,
    });
    assert.deepEqual(readings.map((r) => r.entry.host), targets.map((t) => t.host));
    assert.ok(readings.every((r) => r.entry.status === "ok"));
    assert.equal(MAX_HOSTS_IN_FLIGHT, 32);
    assert.ok(most <= 32 && most > 1, `${most} in flight at most`);
  } finally {
    await server.shutdown();
  }
});
