/**
 * One client connection of the exporter's HTTP/1.1 server: read a request head, hand the
 * request to the handler, write its answer, and again while the connection is kept alive.
 * Every wait on the client has a deadline (HttpLimits); when one passes, the connection is
 * closed under the pending read or write, which ends it.
 */
import { errorMessage } from "../model/errors.ts";
import {
  findHeadEnd,
  type HttpError,
  isHttpError,
  leadingNewlines,
  parseRequestHead,
  type RequestHead,
} from "./http_head.ts";
import type { HttpLimits } from "./http_limits.ts";
import { toIncomingRequest } from "./http_request.ts";
import { encodeResponse, errorResponse, type ResponseFraming } from "./http_response.ts";

export type Handler = (request: Request) => Promise<Response>;

export interface ConnectionOptions {
  handler: Handler;
  limits: HttpLimits;
  /** The listening address, the URL's host for an HTTP/1.0 request with no Host. */
  fallbackHost: string;
  /** True once the server stops: what is being answered is finished, nothing kept open. */
  stopping: () => boolean;
}

const READ_CHUNK = 4096;
/** After refusing a request, how long its unread rest (a body) is drained; see #linger. */
const LINGER_MS = 1_000;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(a.length + b.length);
  bytes.set(a);
  bytes.set(b, a.length);
  return bytes;
}

export class HttpConnection {
  #pending: Uint8Array = new Uint8Array(0);
  readonly #buffer = new Uint8Array(READ_CHUNK);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #answering = false;

  constructor(private readonly conn: Deno.Conn, private readonly options: ConnectionOptions) {}

  /** Serves requests until either side closes or a deadline passes; never throws. */
  async serve(): Promise<void> {
    try {
      // The first request's head deadline runs from the accept, so a client that connects
      // and sends nothing is closed as soon as one that trickles bytes.
      this.#deadline(this.options.limits.headTimeoutMs);
      let idle = false;
      while (true) {
        const head = await this.#readHead(idle);
        if (head === null || !await this.#answer(head)) return;
        idle = true;
        this.#deadline(this.options.limits.idleTimeoutMs);
      }
    } catch {
      // The peer went away, or a deadline closed the connection under a read or a write.
    } finally {
      this.close();
    }
  }

  /** On a graceful stop: closed now, unless a request is being answered. */
  closeIfIdle(): void {
    if (!this.#answering) this.close();
  }

  close(): void {
    this.#deadline(null);
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.conn.close();
    } catch {
      // already closed
    }
  }

  /** Null when the client closed; the head may be kept alive idle for `idle` until a byte. */
  async #readHead(idle: boolean): Promise<RequestHead | HttpError | null> {
    const { maxHeadBytes, headTimeoutMs } = this.options.limits;
    while (true) {
      this.#pending = this.#pending.subarray(leadingNewlines(this.#pending));
      if (idle && this.#pending.length > 0) {
        idle = false; // a request has begun: its head now has headTimeoutMs to arrive
        this.#deadline(headTimeoutMs);
      }
      const end = findHeadEnd(this.#pending);
      if (end !== null && end.length <= maxHeadBytes) {
        const head = this.#pending.subarray(0, end.length);
        this.#pending = this.#pending.subarray(end.consumed);
        return parseRequestHead(head);
      }
      if (end !== null || this.#pending.length > maxHeadBytes) {
        return { status: 431, message: `request head over ${maxHeadBytes} bytes` };
      }
      const count = await this.conn.read(this.#buffer);
      if (count === null) return null;
      this.#pending = concat(this.#pending, this.#buffer.subarray(0, count));
    }
  }

  /** Answers one request; true when the connection stays open for another. */
  async #answer(head: RequestHead | HttpError): Promise<boolean> {
    this.#answering = true;
    this.#deadline(null); // the handler's own wait is bounded (the first reading's timeout)
    const incoming = isHttpError(head) ? head : toIncomingRequest(head, this.options.fallbackHost);
    if (isHttpError(incoming)) {
      const response = errorResponse(incoming.status, incoming.message);
      await this.#send(response, { head: false, connection: "close" });
      await this.#linger();
      return false;
    }
    const response = await this.#respond(incoming.request);
    const keepAlive = incoming.keepAlive && !this.options.stopping();
    const connection = !keepAlive ? "close" : incoming.minorVersion === 0 ? "keep-alive" : null;
    await this.#send(response, { head: incoming.request.method === "HEAD", connection });
    this.#answering = false;
    return keepAlive && !this.options.stopping();
  }

  async #respond(request: Request): Promise<Response> {
    try {
      return await this.options.handler(request);
    } catch (error) {
      return errorResponse(500, `internal error: ${errorMessage(error)}`);
    }
  }

  async #send(response: Response, framing: ResponseFraming): Promise<void> {
    this.#deadline(this.options.limits.writeTimeoutMs);
    const bytes = await encodeResponse(response, framing);
    for (let offset = 0; offset < bytes.length;) {
      offset += await this.conn.write(bytes.subarray(offset));
    }
    this.#deadline(null);
  }

  /**
   * After refusing a request whose rest (a body, more header bytes) may still be arriving:
   * closing with unread bytes makes the kernel send a reset, which can destroy the answer
   * before the client reads it (RFC 9112 §9.6). So the write side is shut first and what
   * comes in is read and dropped until the client closes, or for LINGER_MS at most.
   */
  async #linger(): Promise<void> {
    this.#deadline(LINGER_MS);
    try {
      await this.conn.closeWrite();
      while (await this.conn.read(this.#buffer) !== null) {
        // dropped
      }
    } catch {
      // closed by the deadline, or by the client
    }
  }

  #deadline(ms: number | null): void {
    clearTimeout(this.#timer);
    this.#timer = ms === null ? undefined : setTimeout(() => this.close(), ms);
  }
}
