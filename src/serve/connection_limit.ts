/**
 * How many connections the exporter holds open at once, and the one line it logs when it
 * turns clients away. Every connection costs a file descriptor; past the soft open-file limit
 * `accept` fails with EMFILE, and the sampler could no longer open the /proc and /sys files
 * it reads. So the cap leaves FILE_RESERVE descriptors for the sampler, the runtime and the
 * listener, and a connection over the cap is closed as soon as it is accepted.
 */
import { errorMessage } from "../model/errors.ts";

/** Descriptors kept back from connections (sampler reads, runtime, listener, stdio). */
export const FILE_RESERVE = 128;
/** The cap never goes below this, however low the open-file limit. */
export const MIN_CONNECTIONS = 16;
/** After a line, the next waits at least this long (a long overload logs rarely). */
export const NOTICE_INTERVAL_MS = 60_000;

export function connectionCapFor(openFileLimit: number): number {
  return Math.max(MIN_CONNECTIONS, openFileLimit - FILE_RESERVE);
}

export class ConnectionLimit {
  #open = 0;
  #lastNoticeMs: number | null = null;
  /** Whether the connections were down to half the cap at some point since the last line. */
  #eased = true;

  constructor(
    readonly cap: number,
    readonly openFileLimit: number,
    private readonly log: (line: string) => void,
    private readonly nowMs: () => number = Date.now,
  ) {}

  get open(): number {
    return this.#open;
  }

  /** Counts a new connection in; false (and the overload line, once) when at the cap. */
  tryOpen(): boolean {
    if (this.#open >= this.cap) {
      this.#notice(
        `${this.#open} connections open, the cap for an open-file limit of ` +
          `${this.openFileLimit}; closing new ones until some close`,
      );
      return false;
    }
    this.#open++;
    return true;
  }

  release(): void {
    this.#open = Math.max(0, this.#open - 1);
    if (this.#open <= this.cap / 2) this.#eased = true;
  }

  /** `accept` itself failed (EMFILE, ENFILE, ENOBUFS…): the same single line. */
  acceptFailed(error: unknown, retryMs: number): void {
    if (this.#open <= this.cap / 2) this.#eased = true;
    this.#notice(`cannot accept connections: ${errorMessage(error)}; retrying every ${retryMs} ms`);
  }

  /**
   * One line per overload rather than one per refused connection: a flood of thousands
   * would otherwise flood stderr too. Another line needs the connections to have come down
   * to half the cap since the last one (a new overload, not the same one flapping at the
   * edge) and NOTICE_INTERVAL_MS to have passed.
   */
  #notice(text: string): void {
    const now = this.nowMs();
    if (this.#lastNoticeMs !== null) {
      if (!this.#eased || now - this.#lastNoticeMs < NOTICE_INTERVAL_MS) return;
    }
    this.#lastNoticeMs = now;
    this.#eased = false;
    this.log(`gputop: ${text}\n`);
  }
}
