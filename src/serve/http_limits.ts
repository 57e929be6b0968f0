/**
 * The bounds the exporter's HTTP server puts on each connection, so that slow, idle or
 * oversized clients cannot hold its file descriptors or memory for good. The README's serve
 * section states each of them; change both together.
 */
export interface HttpLimits {
  /**
   * A request head (request line and header fields) must be complete this long after the
   * connection opened or after its first byte arrived, whatever trickles in meanwhile
   * (a "slowloris" client sends a byte every few seconds and never finishes).
   */
  headTimeoutMs: number;
  /** A kept-alive connection with no next request for this long is closed. */
  idleTimeoutMs: number;
  /** A client that does not take its whole response within this long is closed. */
  writeTimeoutMs: number;
  /** A longer head is answered 431 and the connection closed. */
  maxHeadBytes: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  headTimeoutMs: 5_000,
  // Prometheus reconnects at no real cost when a scrape finds the connection closed, so there
  // is no gain in holding a descriptor through a whole scrape interval.
  idleTimeoutMs: 5_000,
  writeTimeoutMs: 10_000,
  maxHeadBytes: 8 * 1024,
};
