/** Request heads: where they end, what they say, and the shapes refused with 400 or 505. */
import assert from "node:assert/strict";
import {
  findHeadEnd,
  type HttpError,
  leadingNewlines,
  parseRequestHead,
  type RequestHead,
} from "../../src/serve/http_head.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

function parse(text: string): RequestHead | HttpError {
  const head = bytes(text);
  const end = findHeadEnd(head);
  assert.ok(end !== null, "a whole head");
  return parseRequestHead(head.subarray(0, end.length));
}

Deno.test("findHeadEnd: CRLF or bare LF lines, null until the empty line", () => {
  assert.deepEqual(findHeadEnd(bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\nrest")), {
    length: 25,
    consumed: 27,
  });
  assert.deepEqual(findHeadEnd(bytes("GET / HTTP/1.1\nHost: a\n\n")), { length: 23, consumed: 24 });
  assert.equal(findHeadEnd(bytes("GET / HTTP/1.1\r\nHost: a\r\n")), null);
  assert.equal(leadingNewlines(bytes("\r\n\r\nGET")), 4);
});

Deno.test("parseRequestHead: request line and fields, names lower-cased, values trimmed", () => {
  assert.deepEqual(parse("GET /metrics?a=1 HTTP/1.1\r\nHost: x:9\r\nAccept:  a/b \t\r\n\r\n"), {
    method: "GET",
    target: "/metrics?a=1",
    minorVersion: 1,
    fields: [["host", "x:9"], ["accept", "a/b"]],
  });
  assert.equal((parse("HEAD / HTTP/1.0\n\n") as RequestHead).minorVersion, 0);
  assert.equal((parse("GET / HTTP/1.2\r\n\r\n") as RequestHead).minorVersion, 1);
  assert.deepEqual(parse("GET / HTTP/2.0\r\n\r\n"), {
    status: 505,
    message: "HTTP/2.0 is not supported",
  });
});

Deno.test("parseRequestHead: ambiguous or malformed heads are 400", () => {
  for (
    const head of [
      "GET  / HTTP/1.1\r\n\r\n", // two spaces
      "GET / HTTP/1.1 \r\n\r\n",
      "GET /\x7f HTTP/1.1\r\n\r\n",
      "GET / HTTP/1.1\r\nHost : a\r\n\r\n", // space before the colon
      "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", // obsolete line folding
      "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", // a bare CR
      "GET / HTTP/1.1\r\nX: a\x01b\r\n\r\n",
      "GET / HTTP/1.1\r\nno colon\r\n\r\n",
    ]
  ) {
    assert.equal((parse(head) as HttpError).status, 400, JSON.stringify(head));
  }
});
