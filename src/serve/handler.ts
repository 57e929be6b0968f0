/**
 * The exporter's HTTP routes, as a function from Request to Response so tests call it with
 * no socket: `/metrics` (text format, or OpenMetrics when Accept asks), `/snapshot` (the
 * `--json` document), `/healthz`, `/` (a short HTML page). Any other path is 404; a method
 * other than GET or HEAD is 405.
 *
 * With a token (`--token-file`) every request but `/healthz` must carry it as a bearer token,
 * else 401 before anything else is looked at (an unknown path too, so nothing is learnt
 * without it); `/healthz` stays open for load balancers and kubelet probes.
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
import { bearerMatches } from "./bearer_token.ts";
import { snapshotDocument } from "./snapshot_document.ts";

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
  /** The bearer token every route but /healthz requires; null or absent: none required. */
  token?: string | null;
  /** Whether /snapshot carries processes' command lines (absent: no). */
  exposeCommands?: boolean;
}

const ROUTES = new Set(["/metrics", "/snapshot", "/healthz", "/"]);

const ALLOWED = "GET, HEAD";

const INDEX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>gputop exporter</title></head>
<body><h1>gputop exporter</h1>
<ul><li><a href="/metrics">/metrics</a>: Prometheus / OpenMetrics exposition</li>
<li><a href="/snapshot">/snapshot</a>: the latest reading as gputop --json prints it</li>
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

/** 401 when a token is required here and the request does not carry it; else null. */
async function unauthorized(
  request: Request,
  path: string,
  token: string | null,
): Promise<Response | null> {
  if (token === null || path === "/healthz") return null;
  if (await bearerMatches(request.headers.get("authorization"), token)) return null;
  return await withoutBodyForHead(
    request,
    text(401, "unauthorized\n", { "www-authenticate": "Bearer" }),
  );
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

  async function snapshot(): Promise<Response> {
    const reading = source.latest ?? await source.firstReading(options.firstReadingTimeoutMs);
    if (reading === null) return text(503, "no reading yet\n", { "retry-after": "1" });
    return new Response(snapshotDocument(reading.snapshot, options.exposeCommands === true), {
      status: 200,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }

  function route(path: string, request: Request): Promise<Response> | Response {
    if (path === "/metrics") return metrics(request);
    if (path === "/snapshot") return snapshot();
    // Answers at once even while a reading is pending: it reports, it never samples.
    if (path === "/healthz") {
      return source.latest === null ? text(503, "starting\n") : text(200, "ok\n");
    }
    return new Response(INDEX_HTML, {
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }

  return async (request) => {
    const path = new URL(request.url).pathname;
    const refusal = await unauthorized(request, path, options.token ?? null);
    if (refusal !== null) return refusal;
    if (!ROUTES.has(path)) return text(404, "not found\n");
    if (request.method !== "GET" && request.method !== "HEAD") {
      return text(405, "method not allowed\n", { allow: ALLOWED });
    }
    return await withoutBodyForHead(request, await route(path, request));
  };
}
