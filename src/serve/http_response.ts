/**
 * A fetch `Response` as HTTP/1.1 bytes (RFC 9112 §4, §6): status line, header fields, then
 * the body with its Content-Length (never chunked: every body the exporter sends is already
 * whole in memory). An answer to HEAD keeps the handler's Content-Length, or the length of
 * the body it leaves out, so it says what the GET would send (RFC 9110 §9.3.2).
 */

const REASONS: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
  505: "HTTP Version Not Supported",
};

/** Set here from the connection, never passed on from a handler's Response. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"]);

export interface ResponseFraming {
  /** The request was HEAD: headers only. */
  head: boolean;
  /** The value of the Connection field: "close", "keep-alive" (to HTTP/1.0) or none. */
  connection: "close" | "keep-alive" | null;
}

/** Header text as bytes, one byte per char: Headers values are ByteStrings (≤ U+00FF). */
function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

function hasNoBody(status: number): boolean {
  return status < 200 || status === 204 || status === 304;
}

export async function encodeResponse(
  response: Response,
  framing: ResponseFraming,
): Promise<Uint8Array> {
  const body = new Uint8Array(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${REASONS[response.status] ?? ""}`];
  for (const [name, value] of response.headers) {
    if (!HOP_BY_HOP.has(name)) lines.push(`${name}: ${value}`);
  }
  if (!response.headers.has("date")) lines.push(`date: ${new Date().toUTCString()}`);
  if (!hasNoBody(response.status)) {
    const given = response.headers.get("content-length");
    const length = framing.head && given !== null && /^\d+$/.test(given) ? given : body.length;
    lines.push(`content-length: ${length}`);
  }
  if (framing.connection !== null) lines.push(`connection: ${framing.connection}`);
  const head = latin1Bytes(`${lines.join("\r\n")}\r\n\r\n`);
  if (framing.head || hasNoBody(response.status) || body.length === 0) return head;
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head);
  bytes.set(body, head.length);
  return bytes;
}

/** The answer to a request refused before it reached the handler. */
export function errorResponse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
