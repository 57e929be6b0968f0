/** A Response as HTTP/1.1 bytes: status line, Date, Content-Length, HEAD without a body. */
import assert from "node:assert/strict";
import { encodeResponse } from "../../src/serve/http_response.ts";

Deno.test("encodeResponse: status line, Content-Length, HEAD without a body", async () => {
  const text = async (response: Response, headRequest: boolean, close: boolean) =>
    new TextDecoder().decode(
      await encodeResponse(response, { head: headRequest, connection: close ? "close" : null }),
    );
  const get = await text(new Response("ok\n", { headers: { "x-a": "1" } }), false, false);
  assert.match(get, /^HTTP\/1\.1 200 OK\r\n/);
  assert.match(get, /\r\nx-a: 1\r\n/);
  assert.match(get, /\r\ndate: \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\r\n/);
  assert.match(get, /\r\ncontent-length: 3\r\n\r\nok\n$/);
  assert.doesNotMatch(get, /connection:/);
  const headAnswer = await text(new Response("not found\n", { status: 404 }), true, true);
  assert.match(headAnswer, /^HTTP\/1\.1 404 Not Found\r\n/);
  assert.match(headAnswer, /\r\ncontent-length: 10\r\nconnection: close\r\n\r\n$/);
  const given = new Response(null, { headers: { "content-length": "1234" } });
  assert.match(await text(given, true, false), /\r\ncontent-length: 1234\r\n\r\n$/);
});
