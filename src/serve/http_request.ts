/**
 * A parsed request head turned into a fetch `Request` for the exporter's handler, with what
 * the connection needs to know: whether it may stay open after the answer (RFC 9112 §9.3).
 * The exporter takes no request bodies, so a request announcing one is refused here and the
 * connection closed (its body would otherwise be read as the next request).
 */
import type { HttpError, RequestHead } from "./http_head.ts";

export interface IncomingRequest {
  request: Request;
  /** The client may send another request on this connection. */
  keepAlive: boolean;
  /** HTTP/1.0 keeps a connection only when asked, and must be told it was kept. */
  minorVersion: 0 | 1;
}

// reg-name, IPv4 or IP-literal, then an optional port (RFC 3986 §3.2.2); no "/", "@", "?".
const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~%!$&'()*+,;=-]*)(:\d*)?$/;

function values(head: RequestHead, name: string): string[] {
  return head.fields.filter(([field]) => field === name).map(([, value]) => value);
}

function tokens(head: RequestHead, name: string): string[] {
  return values(head, name).flatMap((value) => value.split(",")).map((token) =>
    token.trim().toLowerCase()
  );
}

/** Refuses a request that carries a body; null when it carries none. */
function bodyError(head: RequestHead): HttpError | null {
  const lengths = tokens(head, "content-length");
  const encodings = values(head, "transfer-encoding");
  if (encodings.length > 0 && (lengths.length > 0 || head.minorVersion === 0)) {
    // Both framings at once is a request-smuggling shape (RFC 9112 §6.1).
    return { status: 400, message: "conflicting message framing" };
  }
  if (encodings.length > 0) return { status: 413, message: "request bodies are not accepted" };
  if (lengths.some((length) => !/^\d+$/.test(length)) || new Set(lengths).size > 1) {
    return { status: 400, message: "invalid Content-Length" };
  }
  if (lengths.length > 0 && Number(lengths[0]) > 0) {
    return { status: 413, message: "request bodies are not accepted" };
  }
  return null;
}

/** The request's URL from its target and Host (RFC 9112 §3.2–§3.3); `fallbackHost` when empty. */
function requestUrl(head: RequestHead, fallbackHost: string): URL | HttpError {
  const hosts = values(head, "host");
  if (hosts.length > 1 || (hosts.length === 0 && head.minorVersion === 1)) {
    return { status: 400, message: "a request needs exactly one Host" };
  }
  const host = hosts[0] ?? "";
  if (!HOST.test(host)) return { status: 400, message: "invalid Host" };
  try {
    if (head.target.startsWith("/")) return new URL(`http://${host || fallbackHost}${head.target}`);
    if (/^https?:\/\//i.test(head.target)) return new URL(head.target);
  } catch {
    // falls through to the error below
  }
  return { status: 400, message: "invalid request target" };
}

/**
 * The fetch Request for the handler. A method that a fetch Request cannot carry as sent
 * (CONNECT, TRACE and TRACK are forbidden; `get` would become `GET`) is answered 501, which
 * RFC 9110 §9.1 gives to a method the server does not implement.
 */
export function toIncomingRequest(
  head: RequestHead,
  fallbackHost: string,
): IncomingRequest | HttpError {
  const framing = bodyError(head);
  if (framing !== null) return framing;
  const url = requestUrl(head, fallbackHost);
  if (!(url instanceof URL)) return url;
  let request: Request;
  try {
    request = new Request(url, { method: head.method });
  } catch {
    return { status: 501, message: `${head.method} is not implemented` };
  }
  if (request.method !== head.method) {
    return { status: 501, message: `${head.method} is not implemented` };
  }
  const headers = new Headers();
  try {
    for (const [name, value] of head.fields) headers.append(name, value);
  } catch {
    return { status: 400, message: "invalid header field" };
  }
  const connection = tokens(head, "connection");
  const keepAlive = head.minorVersion === 1
    ? !connection.includes("close")
    : connection.includes("keep-alive");
  return {
    request: new Request(url, { method: head.method, headers }),
    keepAlive,
    minorVersion: head.minorVersion,
  };
}
