/**
 * A graceful stop of the exporter's own HTTP server: a scrape in flight when SIGTERM comes
 * gets its whole answer (told the connection closes), an idle kept-alive connection is
 * closed at once, and serve returns 143 only after both.
 */
import assert from "node:assert/strict";
import { serve } from "../../src/serve/serve.ts";
import { makeDevice, makeSnapshot } from "../render/snapshot_builder.ts";
import { FakeSource, tick } from "../live/fake_source.ts";
import { FakeTerminalIo } from "../live/fake_io.ts";
import { RawClient, request } from "./raw_http.ts";

Deno.test("serve: SIGTERM lets the scrape in flight finish and closes idle connections", async () => {
  const io = new FakeTerminalIo();
  const source = new FakeSource(() =>
    makeSnapshot({ devices: [makeDevice({ memoryUsedBytes: 7 })] })
  );
  const release = source.hold(); // the first reading stays pending until released
  const done = serve(source, {
    listen: { hostname: "127.0.0.1", port: 0 },
    intervalMs: 60_000,
    processMetrics: true,
    maxProcessSeries: 200,
    version: "0.1.0",
  }, io);
  let port = 0;
  for (let i = 0; i < 200 && port === 0; i++) {
    port = Number(/127\.0\.0\.1:(\d+)\/metrics/.exec(io.errors)?.[1] ?? 0);
    if (port === 0) await tick(10);
  }
  const idle = await RawClient.connect(port);
  const scrape = await RawClient.connect(port);
  try {
    assert.ok(await idle.send(request("GET", "/healthz")));
    assert.equal((await idle.readResponse()).status, 503, "no reading yet");
    assert.ok(await scrape.send(request("GET", "/metrics")));
    await tick(50); // the scrape now waits for the first reading
    let finished = false;
    done.then(() => finished = true);
    io.raise("SIGTERM");
    assert.ok(await idle.closedWithin(2_000), "the idle connection is closed at the stop");
    assert.equal(finished, false, "serve waits for the scrape in flight");
    release();
    const answer = await scrape.readResponse();
    assert.equal(answer.status, 200);
    assert.match(answer.body, /^gputop_device_memory_used_bytes\{.*\} 7$/m);
    assert.equal(answer.headers.get("connection"), "close");
    assert.ok(await scrape.closedWithin(2_000));
    assert.equal(await done, 128 + 15);
    assert.equal(source.closes, 1);
  } finally {
    idle.close();
    scrape.close();
  }
});
