/**
 * The HTTP server in this process with short limits: a client that never reads a large
 * answer is closed at the write deadline; pipelined requests are answered in order.
 */
import assert from "node:assert/strict";
import { ConnectionLimit } from "../../src/serve/connection_limit.ts";
import { HttpServer } from "../../src/serve/http_server.ts";
import { RawClient, request } from "./raw_http.ts";

const BIG = 64 * 1024 * 1024; // more than any socket buffer holds

async function withServer(body: (port: number, lines: string[]) => Promise<void>) {
  const lines: string[] = [];
  const stop = new AbortController();
  const server = new HttpServer({
    hostname: "127.0.0.1",
    port: 0,
    handler: (req) => {
      const path = new URL(req.url).pathname;
      return Promise.resolve(new Response(path === "/big" ? new Uint8Array(BIG) : `${path}\n`));
    },
    limit: new ConnectionLimit(16, 144, (line) => lines.push(line)),
    signal: stop.signal,
    limits: { headTimeoutMs: 1_000, idleTimeoutMs: 1_000, writeTimeoutMs: 500, maxHeadBytes: 1024 },
  });
  try {
    await body(server.addr.port, lines);
  } finally {
    stop.abort();
    await server.finished;
  }
}

Deno.test("HttpServer: a client that does not read its answer is closed at the deadline", async () => {
  await withServer(async (port) => {
    const client = await RawClient.connect(port);
    try {
      assert.ok(await client.send(request("GET", "/big")));
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // reads nothing meanwhile
      let received = 0;
      const buffer = new Uint8Array(1 << 20);
      try {
        for (let count; (count = await client.conn.read(buffer)) !== null;) received += count;
      } catch (error) {
        assert.ok(error instanceof Deno.errors.ConnectionReset, String(error));
      }
      assert.ok(received < BIG, `closed part way (${received} of ${BIG} bytes)`);
    } finally {
      client.close();
    }
  });
});

Deno.test("HttpServer: pipelined requests answered in order; 17th connection refused", async () => {
  await withServer(async (port, lines) => {
    const clients = await Promise.all(Array.from({ length: 16 }, () => RawClient.connect(port)));
    try {
      const [first] = clients;
      assert.ok(
        await first!.send(request("GET", "/a") + request("GET", "/b") + request("GET", "/c")),
      );
      for (const path of ["/a", "/b", "/c"]) {
        assert.equal((await first!.readResponse()).body, `${path}\n`);
      }
      const over = await RawClient.connect(port);
      clients.push(over);
      assert.ok(await over.closedWithin(1_000), "over the cap: closed at once");
      assert.equal(lines.length, 1);
    } finally {
      for (const client of clients) client.close();
    }
  });
});
