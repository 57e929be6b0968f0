/**
 * The exporter's HTTP server: its own accept loop over `Deno.listen`, so that it can do what
 * `Deno.serve` does not let a caller do: cap the connections it holds (ConnectionLimit),
 * put deadlines on slow and idle clients (HttpConnection), and keep serving when `accept`
 * fails for want of file descriptors (EMFILE, ENFILE) instead of ending the process.
 *
 * With TLS the listener stays plain TCP and TLS ends behind it (tls_bridge.ts), so that
 * these deadlines close a client stalled in its handshake too.
 *
 * Stopping (the abort signal) closes the listener and every connection not being answered;
 * those being answered get their answer with `Connection: close`; then `finished` resolves.
 */
import type { ConnectionLimit } from "./connection_limit.ts";
import { type Handler, HttpConnection } from "./http_connection.ts";
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http_limits.ts";
import { TlsBridge } from "./tls_bridge.ts";

/** How long the accept loop pauses after `accept` failed, before it tries again. */
export const ACCEPT_RETRY_MS = 100;

export interface HttpServerOptions {
  hostname: string;
  port: number;
  handler: Handler;
  limit: ConnectionLimit;
  signal: AbortSignal;
  limits?: HttpLimits;
  /** PEM certificate chain and key: HTTPS through Deno's TLS instead of plain HTTP. */
  tls?: { cert: string; key: string };
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // already closed
  }
}

export class HttpServer {
  readonly addr: Deno.NetAddr;
  /** Resolves once stopped and every connection has ended. */
  readonly finished: Promise<void>;
  readonly #listener: Deno.Listener<Deno.TcpConn, Deno.NetAddr>;
  /** With TLS: where each accepted connection's TLS ends (see tls_bridge.ts for why). */
  readonly #tls: TlsBridge | null;
  /** Each connection being served, by what closes it on a graceful stop. */
  readonly #connections = new Map<{ closeIfIdle(): void }, Promise<void>>();
  #stopping = false;
  #wake: (() => void) | null = null;

  /** Listens at once; throws (the caller reports it) when the address cannot be bound. */
  constructor(private readonly options: HttpServerOptions) {
    // The TLS listener first: a bad certificate or key fails before the address is taken.
    // A TLS handshake runs on the connection's first read, under the head deadline.
    const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
    this.#tls = options.tls === undefined ? null : new TlsBridge(options.tls, limits.headTimeoutMs);
    try {
      this.#listener = Deno.listen({ hostname: options.hostname, port: options.port });
    } catch (error) {
      this.#tls?.close();
      throw error;
    }
    this.addr = this.#listener.addr;
    this.finished = this.#acceptLoop().then(() => this.#drain());
    if (options.signal.aborted) this.#stop();
    else options.signal.addEventListener("abort", () => this.#stop(), { once: true });
  }

  async #acceptLoop(): Promise<void> {
    while (!this.#stopping) {
      let conn: Deno.TcpConn;
      try {
        conn = await this.#listener.accept();
      } catch (error) {
        if (this.#stopping || error instanceof Deno.errors.BadResource) return;
        // EMFILE and the like: the pending connection stays queued and the listener stays
        // readable, so without a pause this would spin.
        this.options.limit.acceptFailed(error, ACCEPT_RETRY_MS);
        await this.#pause(ACCEPT_RETRY_MS);
        continue;
      }
      // Over the cap the connection is closed at once: the client learns now, rather than
      // waiting in the kernel's queue for a slot that may not come.
      if (this.#stopping || !this.options.limit.tryOpen()) closeQuietly(conn);
      else this.#open(conn);
    }
  }

  #open(conn: Deno.TcpConn): void {
    const serving = { closeIfIdle: () => closeQuietly(conn) }; // replaced once serving HTTP
    const done = this.#serve(conn, serving).finally(() => {
      this.#connections.delete(serving);
      this.options.limit.release();
    });
    this.#connections.set(serving, done);
  }

  /** HTTP on `conn` (through TLS where asked) until it ends; never throws. */
  async #serve(conn: Deno.TcpConn, serving: { closeIfIdle(): void }): Promise<void> {
    const bridged = this.#tls === null ? null : await this.#tls.open(conn);
    if (this.#tls !== null && bridged === null) return;
    const connection = new HttpConnection(bridged?.tls ?? conn, {
      handler: this.options.handler,
      limits: this.options.limits ?? DEFAULT_HTTP_LIMITS,
      fallbackHost: this.#fallbackHost(),
      stopping: () => this.#stopping,
    });
    serving.closeIfIdle = () => connection.closeIfIdle();
    if (this.#stopping) connection.closeIfIdle();
    try {
      await connection.serve();
    } finally {
      bridged?.close();
    }
  }

  #fallbackHost(): string {
    const { hostname, port } = this.addr;
    return `${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
  }

  async #drain(): Promise<void> {
    while (this.#connections.size > 0) await Promise.all(this.#connections.values());
    this.#tls?.close();
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  #stop(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    this.#listener.close();
    this.#wake?.();
    for (const connection of this.#connections.keys()) connection.closeIfIdle();
  }
}
