/**
 * `gputop serve` under hostile clients, as a user runs it (a subprocess on loopback): more
 * connections than its open-file limit allows, a slowloris client, idle connections. It must
 * stay up, log one line, close what it cannot afford to hold, and recover.
 */
import assert from "node:assert/strict";
import { drmFixtureArgs } from "../linux/sysfs/fixture_tree.ts";
import { RawClient, request } from "./raw_http.ts";
import { startServe } from "./serve_process.ts";

const DRM_ARGS = drmFixtureArgs("amdgpu-discrete");
// mem_info_vram_used in the Vega capture
const DEVICE_SERIES = /^gputop_device_memory_used_bytes\{index="0",.*vendor="amd"\} 1490378752$/m;
const CONNECTIONS = 2_000;

/** This process's own soft open-file limit: it holds all the client ends. */
function ownOpenFileLimit(): number {
  const text = Deno.readTextFileSync("/proc/self/limits");
  return Number(/^Max open files\s+(\d+)/m.exec(text)?.[1] ?? Infinity);
}

/** Opens `count` connections, `batch` at a time; the ones the server closed count too. */
async function openConnections(port: number, count: number): Promise<Deno.TcpConn[]> {
  const conns: Deno.TcpConn[] = [];
  while (conns.length < count) {
    const batch = Math.min(100, count - conns.length);
    conns.push(
      ...await Promise.all(
        Array.from({ length: batch }, () => Deno.connect({ hostname: "127.0.0.1", port })),
      ),
    );
  }
  return conns;
}

Deno.test({
  name: "gputop serve under `ulimit -n 1024` survives 2,000 connections, logs one line, recovers",
  ignore: Deno.build.os !== "linux",
  async fn() {
    assert.ok(ownOpenFileLimit() > CONNECTIONS + 200, "this test holds 2,000 sockets itself");
    const serve = await startServe(["--interval", "200ms", ...DRM_ARGS], {}, {
      openFileLimit: 1024,
    });
    let stderr = "";
    let code = -1;
    try {
      const conns = await openConnections(serve.port, CONNECTIONS);
      for (const conn of conns) conn.close();
      // The process is still there and answers, with the device read from the fixture tree.
      const response = await fetch(`http://127.0.0.1:${serve.port}/metrics`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), DEVICE_SERIES);
    } finally {
      ({ code, stderr } = await serve.stop("SIGTERM"));
    }
    assert.equal(code, 128 + 15, stderr);
    // 1024 − 128 descriptors kept for the sampler and the runtime
    const notices = stderr.split("\n").filter((line) => /connections/.test(line));
    assert.deepEqual(notices, [
      "gputop: 896 connections open, the cap for an open-file limit of 1024; closing new ones until some close",
    ], stderr);
    assert.doesNotMatch(stderr, /Too many open files|Error/, "accept never failed fatally");
  },
});

Deno.test("gputop serve closes a slowloris client, a silent one and an idle keep-alive one", async () => {
  const serve = await startServe(DRM_ARGS, {});
  const clients: RawClient[] = [];
  try {
    const open = async () => {
      const client = await RawClient.connect(serve.port);
      clients.push(client);
      return client;
    };
    const started = Date.now();
    // Slowloris: a request head that never ends, one byte a second.
    const slow = await open();
    await slow.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    const trickle = (async () => {
      while (await slow.send("a")) await new Promise((resolve) => setTimeout(resolve, 1_000));
    })();
    const silent = await open(); // connects and never sends a byte
    const idle = await open();
    assert.ok(await idle.send(request("GET", "/healthz")));
    assert.equal((await idle.readResponse()).status, 200);
    const answered = Date.now();
    const [slowClosed, silentClosed, idleClosed] = await Promise.all([
      slow.closedWithin(10_000),
      silent.closedWithin(10_000),
      idle.closedWithin(10_000),
    ]);
    const idleMs = Date.now() - answered;
    await trickle;
    assert.ok(slowClosed, "the 5 s head deadline closed the slowloris client");
    assert.ok(silentClosed, "the 5 s head deadline closed the silent client");
    assert.ok(idleClosed, "the 5 s idle deadline closed the kept-alive connection");
    // Each closes at its own deadline: 5 s after the answer, not at once, not much later.
    assert.ok(idleMs >= 4_500 && idleMs < 9_000, `idle connection closed after ${idleMs} ms`);
    assert.ok(Date.now() - started < 12_000);
    // and serve is still serving
    const response = await fetch(`http://127.0.0.1:${serve.port}/metrics`);
    assert.equal(response.status, 200);
    assert.match(await response.text(), DEVICE_SERIES);
  } finally {
    for (const client of clients) client.close();
    const stopped = await serve.stop();
    assert.equal(stopped.code, 128 + 15, stopped.stderr);
  }
});
