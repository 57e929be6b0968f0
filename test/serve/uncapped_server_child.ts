/**
 * The exporter's HTTP server with no connection cap, run as its own program by
 * accept_retry_e2e_test.ts under a low `ulimit -n`, so that `accept` itself fails with EMFILE:
 * the path the cap normally keeps the server off. Prints `listening PORT`; SIGTERM stops it.
 */
import { ConnectionLimit } from "../../src/serve/connection_limit.ts";
import { HttpServer } from "../../src/serve/http_server.ts";

const encoder = new TextEncoder();
const stop = new AbortController();
Deno.addSignalListener("SIGTERM", () => stop.abort());
const limit = new ConnectionLimit(
  Infinity,
  0,
  (line) => Deno.stderr.writeSync(encoder.encode(line)),
);
const server = new HttpServer({
  hostname: "127.0.0.1",
  port: 0,
  handler: () => Promise.resolve(new Response("ok\n")),
  limit,
  signal: stop.signal,
});
Deno.stderr.writeSync(encoder.encode(`listening ${server.addr.port}\n`));
await server.finished;
