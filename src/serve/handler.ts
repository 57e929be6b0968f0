/**
 * The exporter's HTTP routes, as a function from Request to Response so tests call it with
 * no socket: `/metrics` (text format, or OpenMetrics when Accept asks), `/healthz`, `/` (a
 * short HTML page). Any other path is 404; a method other than GET or HEAD is 405.
 *
 * Every scrape renders the sampler's latest reading; none triggers a reading of its own.
 */
import type { Reading } from "../session/sampler.ts";
import {
  OPENMETRICS_CONTENT_TYPE,
  PROMETHEUS_CONTENT_TYPE,
  renderExposition,
  wantsOpenMetrics,
} from "../render/prometheus.ts";

/** The part of a Sampler the routes read. */
export interface ReadingSource {
  readonly latest: Reading | null;
  firstReading(timeoutMs: number): Promise<Reading | null>;
}

export interface HandlerOptions {
  processMetrics: boolean;
  maxProcessSeries: number;
  version: string;
  denoVersion: string;
  /** How long a scrape that arrives before the first reading waits for it. */
  firstReadingTimeoutMs: number;
}

const ALLOWED = "GET, HEAD";

const INDEX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>gputop exporter</title></head>
<body><h1>gputop exporter</h1>
<ul><li><a href="/metrics">/metrics</a>: Prometheus / OpenMetrics exposition</li>
<li><a href="/healthz">/healthz</a>: health check</li></ul>
</body></html>
`;

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}

/**
 * HEAD: the GET's status and headers without its body. Content-Length is set to the GET
 * body's length (RFC 9110 §9.3.2 and §8.6): a bodiless Response would otherwise go out with
 * `content-length: 0`.
 */
async function withoutBodyForHead(request: Request, response: Response): Promise<Response> {
  if (request.method !== "HEAD") return response;
  const headers = new Headers(response.headers);
  headers.set("content-length", String((await response.arrayBuffer()).byteLength));
  return new Response(null, { status: response.status, headers });
}

export function createHandler(
  source: ReadingSource,
  options: HandlerOptions,
): (request: Request) => Promise<Response> {
  async function metrics(request: Request): Promise<Response> {
    const reading = source.latest ?? await source.firstReading(options.firstReadingTimeoutMs);
    if (reading === null) return text(503, "no reading yet\n", { "retry-after": "1" });
    const openMetrics = wantsOpenMetrics(request.headers.get("accept"));
    const body = renderExposition(reading.snapshot, {
      openMetrics,
      processMetrics: options.processMetrics,
      maxProcessSeries: options.maxProcessSeries,
      sampleDurationSeconds: reading.durationSeconds,
      version: options.version,
      denoVersion: options.denoVersion,
    });
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": openMetrics ? OPENMETRICS_CONTENT_TYPE : PROMETHEUS_CONTENT_TYPE,
      },
    });
  }

  return async (request) => {
    const path = new URL(request.url).pathname;
    const route = path === "/metrics" || path === "/healthz" || path === "/" ? path : null;
    if (route === null) return text(404, "not found\n");
    if (request.method !== "GET" && request.method !== "HEAD") {
      return text(405, "method not allowed\n", { allow: ALLOWED });
    }
    let response: Response;
    if (route === "/metrics") response = await metrics(request);
    else if (route === "/healthz") {
      // Answers at once even while a reading is pending: it reports, it never samples.
      response = source.latest === null ? text(503, "starting\n") : text(200, "ok\n");
    } else {
      response = new Response(INDEX_HTML, {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    }
    return await withoutBodyForHead(request, response);
  };
}
