/**
 * The HTTP/1.1 that `gputop serve` speaks, byte by byte over a raw socket to the real
 * subprocess: keep-alive and pipelining, HEAD, 404 and 405, and the requests it refuses
 * (an oversized head, a body, no Host) with the connection closed after the answer.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { RawClient, request } from "./raw_http.ts";
import { type ServeProcess, startServe } from "./serve_process.ts";

const DRM_ARGS = drmFixtureArgs("amdgpu-discrete");
// mem_info_vram_used in the Vega capture
const DEVICE_SERIES = /^gputop_device_memory_used_bytes\{index="0",.*vendor="amd"\} 1490378752$/m;

/** Runs `body` against one serve process and one connection, both closed afterwards. */
async function withConnection(
  serve: ServeProcess,
  body: (client: RawClient) => Promise<void>,
): Promise<void> {
  const client = await RawClient.connect(serve.port);
  try {
    await body(client);
  } finally {
    client.close();
  }
}

Deno.test("gputop serve over a raw socket: keep-alive, pipelining, HEAD, 404, 405", async () => {
  const serve = await startServe(DRM_ARGS, {});
  try {
    await withConnection(serve, async (client) => {
      // two requests, one after the other, on one connection
      assert.ok(await client.send(request("GET", "/metrics")));
      const metrics = await client.readResponse();
      assert.equal(metrics.status, 200);
      assert.match(metrics.headers.get("content-type")!, /^text\/plain; version=0\.0\.4/);
      assert.equal(Number(metrics.headers.get("content-length")), metrics.body.length);
      assert.match(metrics.body, DEVICE_SERIES);
      assert.equal(metrics.headers.get("connection"), undefined, "kept alive");
      assert.ok(await client.send(request("GET", "/healthz")));
      const health = await client.readResponse();
      assert.deepEqual([health.status, health.body], [200, "ok\n"]);
      assert.equal(health.headers.get("content-length"), "3");
      // HEAD: the GET's length, no body: the next answer's status line follows at once
      assert.ok(await client.send(request("HEAD", "/metrics") + request("GET", "/healthz")));
      const head = await client.readResponse(true);
      assert.equal(head.status, 200);
      assert.equal(head.headers.get("content-length"), String(metrics.body.length));
      const after = await client.readResponse();
      assert.deepEqual([after.status, after.body], [200, "ok\n"], "no body after HEAD");
    });
    // 404 and 405 as before, the connection open after both; Connection: close honoured
    await withConnection(serve, async (client) => {
      assert.ok(await client.send(request("GET", "/nope")));
      assert.equal((await client.readResponse()).status, 404);
      assert.ok(await client.send(request("POST", "/metrics", ["Content-Length: 0"])));
      const post = await client.readResponse();
      assert.equal(post.status, 405);
      assert.equal(post.headers.get("allow"), "GET, HEAD");
      assert.ok(await client.send(request("GET", "/healthz", ["Connection: close"])));
      const last = await client.readResponse();
      assert.equal(last.status, 200);
      assert.equal(last.headers.get("connection"), "close");
      assert.ok(await client.closedWithin(2_000));
    });
    // HTTP/1.0 closes after one answer unless asked to keep the connection
    await withConnection(serve, async (client) => {
      assert.ok(await client.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"));
      const kept = await client.readResponse();
      assert.equal(kept.headers.get("connection"), "keep-alive");
      assert.ok(await client.send("GET /healthz HTTP/1.0\r\n\r\n"));
      assert.equal((await client.readResponse()).status, 200);
      assert.ok(await client.closedWithin(2_000));
    });
  } finally {
    const stopped = await serve.stop();
    assert.equal(stopped.code, 128 + 15, stopped.stderr);
  }
});

Deno.test("gputop serve refuses an oversized head (431), a body (413), no Host (400), TRACE (501)", async () => {
  const serve = await startServe(DRM_ARGS, {});
  const refused = async (text: string, status: number) => {
    await withConnection(serve, async (client) => {
      await client.send(text);
      const response = await client.readResponse();
      assert.equal(response.status, status, `${JSON.stringify(text.slice(0, 60))}`);
      assert.equal(response.headers.get("connection"), "close");
      assert.ok(await client.closedWithin(3_000), "closed after the refusal");
    });
  };
  try {
    await refused(request("GET", "/metrics", [`X-Big: ${"a".repeat(9_000)}`]), 431);
    await refused(`${request("POST", "/metrics", ["Content-Length: 5"])}hello`, 413);
    await refused(
      `${request("GET", "/metrics", ["Transfer-Encoding: chunked"])}5\r\nhello\r\n0\r\n\r\n`,
      413,
    );
    await refused("GET /metrics HTTP/1.1\r\n\r\n", 400);
    await refused(request("GET", "/metrics", [" folded: line"]), 400);
    // a method a fetch Request cannot carry is not implemented (RFC 9110 §9.1)
    await refused(request("TRACE", "/metrics"), 501);
    // still serving
    const response = await fetch(`http://127.0.0.1:${serve.port}/metrics`);
    assert.match(await response.text(), DEVICE_SERIES);
  } finally {
    const stopped = await serve.stop();
    assert.equal(stopped.code, 128 + 15, stopped.stderr);
  }
});
