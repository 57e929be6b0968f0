import assert from "node:assert/strict";
import { Sampler } from "../../src/session/sampler.ts";
import { createHandler } from "../../src/serve/handler.ts";
import { makeDevice, makeProcess, makeSnapshot } from "../render/snapshot_builder.ts";
import { FakeSource, tick } from "../live/fake_source.ts";

const OPTIONS = {
  processMetrics: true,
  maxProcessSeries: 200,
  version: "9.9.9",
  denoVersion: "2.9.6",
  firstReadingTimeoutMs: 2000,
};

function snapshotWithOneGpu() {
  return makeSnapshot({ devices: [makeDevice({ memoryUsedBytes: 1234 })] });
}

async function withSampler(fn: (sampler: Sampler, source: FakeSource) => Promise<void>) {
  const source = new FakeSource(snapshotWithOneGpu);
  // A long interval: after the first reading, any further reading would come from a scrape.
  const sampler = new Sampler(source, { intervalMs: 60_000 });
  sampler.start();
  try {
    await fn(sampler, source);
  } finally {
    await sampler.close();
  }
}

const get = (path: string, init: RequestInit = {}) =>
  new Request(`http://127.0.0.1:9757${path}`, init);

Deno.test("handler: 100 concurrent scrapes are served from one reading", async () => {
  await withSampler(async (sampler, source) => {
    const handler = createHandler(sampler, OPTIONS);
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => handler(get("/metrics"))),
    );
    const bodies = await Promise.all(responses.map((r) => r.text()));
    for (const [i, response] of responses.entries()) {
      assert.equal(response.status, 200);
      assert.match(bodies[i]!, /^gputop_device_memory_used_bytes\{index="0",.*\} 1234$/m);
    }
    assert.equal(source.samples, 1, "one reading for all 100 scrapes");
  });
});

Deno.test("handler: content types, OpenMetrics on request, HEAD without a body", async () => {
  await withSampler(async (sampler) => {
    const handler = createHandler(sampler, OPTIONS);
    const text = await handler(get("/metrics"));
    assert.equal(text.headers.get("content-type"), "text/plain; version=0.0.4; charset=utf-8");
    assert.doesNotMatch(await text.text(), /# EOF/);
    const open = await handler(
      get("/metrics", { headers: { accept: "application/openmetrics-text;version=1.0.0" } }),
    );
    assert.match(open.headers.get("content-type") ?? "", /^application\/openmetrics-text/);
    assert.match(await open.text(), /# EOF\n$/);
    const head = await handler(get("/metrics", { method: "HEAD" }));
    assert.equal(head.status, 200);
    assert.equal(await head.text(), "");
    // The same reading rendered for a GET: HEAD's Content-Length is that body's byte count.
    const bytes = (await (await handler(get("/metrics"))).arrayBuffer()).byteLength;
    assert.ok(bytes > 100, `a real exposition (${bytes} bytes)`);
    assert.equal(head.headers.get("content-length"), String(bytes));
    const health = await handler(get("/healthz", { method: "HEAD" }));
    assert.equal(health.headers.get("content-length"), "3", "the length of 'ok\\n'");
  });
});

Deno.test("handler: /healthz, /, 404 elsewhere, 405 for other methods", async () => {
  await withSampler(async (sampler) => {
    await sampler.firstReading(2000);
    const handler = createHandler(sampler, OPTIONS);
    const health = await handler(get("/healthz"));
    assert.equal(health.status, 200);
    assert.equal(await health.text(), "ok\n");
    const index = await handler(get("/"));
    assert.equal(index.headers.get("content-type"), "text/html; charset=utf-8");
    const html = await index.text();
    assert.match(html, /href="\/metrics"/);
    assert.match(html, /href="\/healthz"/);
    assert.equal((await handler(get("/metrics/x"))).status, 404);
    assert.equal((await handler(get("/favicon.ico"))).status, 404);
    const post = await handler(get("/metrics", { method: "POST", body: "x" }));
    assert.equal(post.status, 405);
    assert.equal(post.headers.get("allow"), "GET, HEAD");
  });
});

Deno.test("handler: /healthz answers at once while the first reading is pending", async () => {
  const source = new FakeSource(snapshotWithOneGpu);
  const release = source.hold();
  const sampler = new Sampler(source, { intervalMs: 60_000, closeGraceMs: 10 });
  sampler.start();
  const handler = createHandler(sampler, { ...OPTIONS, firstReadingTimeoutMs: 20 });
  const health = await handler(get("/healthz"));
  assert.equal(health.status, 503);
  await health.text();
  const metrics = await handler(get("/metrics"));
  assert.equal(metrics.status, 503, "no reading within the wait");
  await metrics.text();
  const snapshot = await handler(get("/snapshot"));
  assert.equal(snapshot.status, 503, "no reading within the wait");
  await snapshot.text();
  release();
  await tick(5);
  assert.equal((await handler(get("/healthz"))).status, 200);
  await sampler.close();
});

Deno.test("handler: /snapshot is the JSON document, commands null unless exposed", async () => {
  const source = new FakeSource(() =>
    makeSnapshot({
      devices: [makeDevice({ memoryUsedBytes: 1234 })],
      processes: [makeProcess({ pid: 42, name: "python3", command: "python3 --key=hunter2" })],
    })
  );
  const sampler = new Sampler(source, { intervalMs: 60_000 });
  sampler.start();
  try {
    const hidden = await createHandler(sampler, OPTIONS)(get("/snapshot"));
    assert.equal(hidden.headers.get("content-type"), "application/json; charset=utf-8");
    const document = await hidden.json();
    assert.equal(document.devices[0].memoryUsedBytes, 1234);
    assert.deepEqual([document.processes[0].name, document.processes[0].command], [
      "python3",
      null,
    ]);
    const exposed = createHandler(sampler, { ...OPTIONS, exposeCommands: true });
    const shown = await (await exposed(get("/snapshot"))).json();
    assert.equal(shown.processes[0].command, "python3 --key=hunter2");
    assert.equal(source.samples, 1, "no reading of its own");
  } finally {
    await sampler.close();
  }
});

Deno.test("handler: with a token, 401 everywhere but /healthz until it is given", async () => {
  await withSampler(async (sampler) => {
    const handler = createHandler(sampler, { ...OPTIONS, token: "t0ken" });
    for (const path of ["/metrics", "/snapshot", "/", "/missing"]) {
      const refused = await handler(get(path, { headers: { authorization: "Bearer t0ke" } }));
      assert.equal(refused.status, 401, path);
      assert.equal(await refused.text(), "unauthorized\n");
    }
    const head = await handler(get("/metrics", { method: "HEAD" }));
    assert.equal(head.status, 401);
    assert.equal(head.body, null);
    assert.equal((await handler(get("/healthz"))).status, 200);
    const ok = await handler(get("/metrics", { headers: { authorization: "Bearer t0ken" } }));
    assert.equal(ok.status, 200);
    await ok.text();
  });
});
