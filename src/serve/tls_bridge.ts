/**
 * HTTPS that keeps the exporter's deadlines. A Deno TLS connection closed while its handshake
 * is unfinished keeps its socket until the peer finishes the handshake or goes away (Deno
 * lets the handshake end before it closes; measured with Deno 2.9.6: a client that sends
 * three bytes of a ClientHello and stalls held its socket for as long as it liked after the
 * server's close). One such client per file descriptor would outlast every deadline.
 *
 * So the listener the clients reach is plain TCP, whose connections close at once, and TLS
 * ends behind it: each accepted connection is piped to a TLS listener of our own on loopback,
 * and the HTTP connection runs on the TLS side. When that ends (served, or closed by a
 * deadline), closing the front connection and the pipe gives the TLS side an end of stream,
 * which ends its handshake and frees its socket. Each client costs three descriptors.
 */

/** The TLS side of one client, and how to end all of it. */
export interface BridgedConnection {
  tls: Deno.TlsConn;
  close(): void;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // already closed
  }
}

/** Copies until `from` ends or fails, then ends `to`'s writing side. */
async function pump(from: Deno.Conn, to: Deno.Conn): Promise<void> {
  const buffer = new Uint8Array(16 * 1024);
  try {
    while (true) {
      const count = await from.read(buffer);
      if (count === null) break;
      for (let offset = 0; offset < count;) {
        offset += await to.write(buffer.subarray(offset, count));
      }
    }
    await to.closeWrite();
  } catch {
    // either side closed: the owner closes both
  }
}

export class TlsBridge {
  readonly #inner: Deno.TlsListener;
  /** `open` calls waiting for their TLS side, by the port of their pipe's loopback end. */
  readonly #waiting = new Map<number, (tls: Deno.TlsConn | null) => void>();
  /** TLS sides accepted before their `open` asked (the accept can win the race). */
  readonly #early = new Map<number, Deno.TlsConn>();

  /** Throws (the caller reports it) when the certificate or key is not valid. */
  constructor(tls: { cert: string; key: string }, private readonly claimWithinMs: number) {
    this.#inner = Deno.listenTls({ hostname: "127.0.0.1", port: 0, ...tls });
    void this.#acceptLoop();
  }

  /** `front` through TLS; null (everything closed) when the pipe could not be made. */
  async open(front: Deno.Conn): Promise<BridgedConnection | null> {
    let pipe: Deno.TcpConn;
    try {
      pipe = await Deno.connect({ hostname: "127.0.0.1", port: this.#inner.addr.port });
    } catch {
      closeQuietly(front);
      return null;
    }
    const close = () => {
      closeQuietly(front);
      closeQuietly(pipe);
    };
    void pump(front, pipe);
    void pump(pipe, front);
    const tls = await this.#claim(pipe.localAddr.port);
    if (tls === null) close();
    return tls === null ? null : { tls, close };
  }

  close(): void {
    try {
      this.#inner.close();
    } catch {
      // already closed
    }
  }

  #claim(port: number): Promise<Deno.TlsConn | null> {
    const early = this.#early.get(port);
    if (early !== undefined) {
      this.#early.delete(port);
      return Promise.resolve(early);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => answer(null), this.claimWithinMs);
      const answer = (tls: Deno.TlsConn | null) => {
        clearTimeout(timer);
        this.#waiting.delete(port);
        resolve(tls);
      };
      this.#waiting.set(port, answer);
    });
  }

  /** Hands each TLS side to its `open`; one nobody claims in time (another local process
   * connecting to the loopback port) is closed. */
  #arrived(tls: Deno.TlsConn): void {
    const port = tls.remoteAddr.port;
    const waiting = this.#waiting.get(port);
    if (waiting !== undefined) return waiting(tls);
    this.#early.set(port, tls);
    setTimeout(() => {
      if (this.#early.get(port) !== tls) return;
      this.#early.delete(port);
      closeQuietly(tls);
    }, this.claimWithinMs);
  }

  async #acceptLoop(): Promise<void> {
    while (true) {
      try {
        this.#arrived(await this.#inner.accept());
      } catch (error) {
        if (error instanceof Deno.errors.BadResource) return; // closed
        await new Promise((resolve) => setTimeout(resolve, 100)); // EMFILE and the like
      }
    }
  }
}
