/**
 * A bare HTTP/1.1 client over a TCP socket, for tests that need what fetch hides: several
 * requests on one connection, malformed or slow requests, the exact bytes of an answer, and
 * the moment the server closes the connection.
 */

export interface RawResponse {
  status: number;
  /** Field names lower-cased. */
  headers: Map<string, string>;
  body: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class RawClient {
  #pending = new Uint8Array(0);
  #closed = false;

  private constructor(readonly conn: Deno.TcpConn) {}

  static async connect(port: number): Promise<RawClient> {
    return new RawClient(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  /** False when the server has closed (or reset) the connection. */
  async send(text: string): Promise<boolean> {
    try {
      const bytes = encoder.encode(text);
      for (let offset = 0; offset < bytes.length;) {
        offset += await this.conn.write(bytes.subarray(offset));
      }
      return true;
    } catch {
      return false;
    }
  }

  /** One answer; after HEAD (`head`) no body is read, whatever Content-Length says. */
  async readResponse(head = false, timeoutMs = 5_000): Promise<RawResponse> {
    return await this.#within(timeoutMs, async () => {
      let end = -1;
      while ((end = this.#indexOf("\r\n\r\n")) < 0) await this.#fill();
      const lines = decoder.decode(this.#take(end + 4)).split("\r\n").slice(0, -2);
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(lines[0] ?? "")?.[1]);
      if (!Number.isInteger(status)) throw new Error(`not a status line: ${lines[0]}`);
      const headers = new Map<string, string>();
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(":");
        headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
      }
      const length = head ? 0 : Number(headers.get("content-length") ?? 0);
      while (this.#pending.length < length) await this.#fill();
      return { status, headers, body: decoder.decode(this.#take(length)) };
    });
  }

  /** Waits for the server to close: true if it did within `timeoutMs`, any bytes dropped. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    try {
      return await this.#within(timeoutMs, async () => {
        try {
          while (true) await this.#fill();
        } catch (error) {
          if (error instanceof ServerClosed || error instanceof Deno.errors.ConnectionReset) {
            return true;
          }
          throw error;
        }
      });
    } catch (error) {
      if (error instanceof TimedOut) return false;
      throw error;
    }
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    try {
      this.conn.close();
    } catch {
      // already closed
    }
  }

  async #fill(): Promise<void> {
    const buffer = new Uint8Array(65536);
    const count = await this.conn.read(buffer);
    if (count === null) throw new ServerClosed();
    const joined = new Uint8Array(this.#pending.length + count);
    joined.set(this.#pending);
    joined.set(buffer.subarray(0, count), this.#pending.length);
    this.#pending = joined;
  }

  #indexOf(text: string): number {
    return decoder.decode(this.#pending).indexOf(text);
  }

  #take(count: number): Uint8Array {
    const taken = this.#pending.slice(0, count);
    this.#pending = this.#pending.slice(count);
    return taken;
  }

  /** Runs `body`; past `timeoutMs` the socket is closed under it and TimedOut thrown. */
  async #within<T>(timeoutMs: number, body: () => Promise<T>): Promise<T> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      this.close();
    }, timeoutMs);
    try {
      return await body();
    } catch (error) {
      if (timedOut) throw new TimedOut();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

export class ServerClosed extends Error {
  constructor() {
    super("the server closed the connection");
  }
}

export class TimedOut extends Error {
  constructor() {
    super("timed out");
  }
}

/** A GET (or other method) request with a Host, as text. */
export function request(method: string, path: string, fields: string[] = []): string {
  return [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...fields, "", ""].join("\r\n");
}
