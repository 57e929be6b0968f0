/** A parsed head as the handler's Request, or the refusal the connection sends instead. */
import assert from "node:assert/strict";
import type { HttpError, RequestHead } from "../../src/serve/http_head.ts";
import { type IncomingRequest, toIncomingRequest } from "../../src/serve/http_request.ts";

function head(method: string, fields: [string, string][], minorVersion: 0 | 1 = 1): RequestHead {
  return { method, target: "/metrics?x=1", minorVersion, fields };
}

function status(result: IncomingRequest | HttpError): number {
  return "status" in result ? result.status : 0;
}

Deno.test("toIncomingRequest: URL from Host, headers kept, keep-alive by version", () => {
  const ok = toIncomingRequest(head("GET", [["host", "gpu:9757"], ["accept", "a/b"]]), "x:1");
  assert.ok(!("status" in ok));
  assert.equal(ok.request.url, "http://gpu:9757/metrics?x=1");
  assert.equal(ok.request.headers.get("accept"), "a/b");
  assert.equal(ok.keepAlive, true);
  const close = toIncomingRequest(head("GET", [["host", "a"], ["connection", "Close"]]), "x");
  assert.equal((close as IncomingRequest).keepAlive, false);
  const old = toIncomingRequest(head("GET", [], 0), "127.0.0.1:9757") as IncomingRequest;
  assert.equal(old.request.url, "http://127.0.0.1:9757/metrics?x=1", "no Host: the listener's");
  assert.equal(old.keepAlive, false);
  const asked = toIncomingRequest(head("GET", [["connection", "keep-alive"]], 0), "x");
  assert.equal((asked as IncomingRequest).keepAlive, true);
  const zero = toIncomingRequest(head("POST", [["host", "a"], ["content-length", "0"]]), "x");
  assert.equal((zero as IncomingRequest).request.method, "POST", "an empty body is no body");
});

Deno.test("toIncomingRequest: bodies 413, bad framing and Host 400, odd methods 501", () => {
  const host: [string, string] = ["host", "a"];
  assert.equal(status(toIncomingRequest(head("POST", [host, ["content-length", "5"]]), "x")), 413);
  assert.equal(
    status(toIncomingRequest(head("GET", [host, ["transfer-encoding", "chunked"]]), "x")),
    413,
  );
  const both = head("GET", [host, ["transfer-encoding", "chunked"], ["content-length", "0"]]);
  assert.equal(status(toIncomingRequest(both, "x")), 400);
  const lengths = head("GET", [host, ["content-length", "1"], ["content-length", "2"]]);
  assert.equal(status(toIncomingRequest(lengths, "x")), 400);
  assert.equal(status(toIncomingRequest(head("GET", [["content-length", "-1"], host]), "x")), 400);
  assert.equal(status(toIncomingRequest(head("GET", []), "x")), 400, "HTTP/1.1 needs a Host");
  assert.equal(status(toIncomingRequest(head("GET", [host, host]), "x")), 400);
  assert.equal(status(toIncomingRequest(head("GET", [["host", "a/b@c"]]), "x")), 400);
  assert.equal(status(toIncomingRequest(head("TRACE", [host]), "x")), 501);
  assert.equal(status(toIncomingRequest(head("get", [host]), "x")), 501);
  assert.equal(status(toIncomingRequest(head("BREW", [host]), "x")), 0, "the handler says 405");
});
