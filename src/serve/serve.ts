/**
 * `gputop serve`: one sampler at `--interval` and an HTTP server that renders its latest
 * reading for every scrape. SIGTERM, SIGINT or SIGHUP stops the server gracefully (requests
 * in flight finish), then the sampler closes the session, so vendor libraries shut down, and
 * the exit code is 143, 130 or 129 (128 + the signal's number). From the signal on, no child
 * program (nvidia-smi, macmon) starts and those running are killed: the sampler may still be
 * reading while the server drains.
 *
 * The HTTP server is the exporter's own (http_server.ts), bounded in connections by the
 * open-file limit and in time by HttpLimits, so that no client can take it down.
 */
import type { Io } from "../platform/io.ts";
import { stopStartingChildren } from "../platform/live_process_groups.ts";
import { Sampler, type SnapshotSource } from "../session/sampler.ts";
import { errorMessage } from "../model/errors.ts";
import {
  exitCodeForStopSignal,
  STOP_SIGNALS,
  type StopSignal,
} from "../platform/signal_exit_code.ts";
import { createHandler } from "./handler.ts";
import { connectionCapFor, ConnectionLimit, MIN_CONNECTIONS } from "./connection_limit.ts";
import { HttpServer, type HttpServerOptions } from "./http_server.ts";
import { readOpenFileLimit } from "./open_file_limit.ts";
import { isLoopback, type ListenAddress } from "./listen_address.ts";
import type { TlsFiles } from "./tls_files.ts";

export interface ServeOptions {
  listen: ListenAddress;
  intervalMs: number;
  processMetrics: boolean;
  maxProcessSeries: number;
  version: string;
  /** `--token-file`'s token; null or absent: no token asked for. */
  token?: string | null;
  /** `--expose-commands`: /snapshot carries command lines (absent: no). */
  exposeCommands?: boolean;
  /** `--tls-cert`/`--tls-key`; null or absent: plain HTTP. */
  tls?: TlsFiles | null;
}

/** The server on the asked address, or null after one line on stderr saying why not. */
function listen(
  options: ServeOptions,
  rest: Omit<HttpServerOptions, "hostname" | "port" | "tls">,
  io: Io,
): HttpServer | null {
  const { hostname, port } = options.listen;
  const tls = options.tls ?? null;
  try {
    return new HttpServer({ hostname, port, ...rest, ...(tls === null ? {} : { tls }) });
  } catch (error) {
    const where = `${hostname}:${port}`;
    // Deno judges the certificate and key only here; a bad pair is named as such.
    const what = tls !== null && !(error instanceof Deno.errors.AddrInUse) &&
        !(error instanceof Deno.errors.PermissionDenied)
      ? `cannot serve TLS with --tls-cert '${tls.certPath}' and --tls-key '${tls.keyPath}'`
      : `cannot listen on ${where}`;
    io.err(`gputop: ${what}: ${errorMessage(error)}\n`);
    return null;
  }
}

/** Runs until SIGTERM/SIGINT/SIGHUP; returns the exit code. */
export async function serve(
  source: SnapshotSource,
  options: ServeOptions,
  io: Io,
): Promise<number> {
  const sampler = new Sampler(source, { intervalMs: options.intervalMs });
  const stop = new AbortController();
  let received: StopSignal | null = null;
  const removers = STOP_SIGNALS.map((signal) =>
    io.onSignal(signal, () => {
      received ??= signal;
      stopStartingChildren();
      stop.abort();
    })
  );
  const handler = createHandler(sampler, {
    processMetrics: options.processMetrics,
    maxProcessSeries: options.maxProcessSeries,
    version: options.version,
    denoVersion: Deno.version.deno,
    firstReadingTimeoutMs: 10_000,
    token: options.token ?? null,
    exposeCommands: options.exposeCommands ?? false,
  });
  try {
    const openFileLimit = readOpenFileLimit();
    // Through TLS each client holds three descriptors (tls_bridge.ts), so a third as many.
    const cap = connectionCapFor(openFileLimit);
    const limit = new ConnectionLimit(
      (options.tls ?? null) === null ? cap : Math.max(MIN_CONNECTIONS, Math.floor(cap / 3)),
      openFileLimit,
      (line) => io.err(line),
    );
    const server = listen(options, { handler, limit, signal: stop.signal }, io);
    if (server === null) return 1;
    const { hostname, port } = server.addr;
    const host = hostname.includes(":") ? `[${hostname}]` : hostname;
    const scheme = (options.tls ?? null) === null ? "http" : "https";
    if ((options.token ?? null) === null && !isLoopback(options.listen.hostname)) {
      io.err(
        `gputop: warning: serving ${host}:${port}, not loopback, with no --token-file: ` +
          "anyone who can reach it can read it\n",
      );
    }
    io.err(`gputop: serving ${scheme}://${host}:${port}/metrics\n`);
    sampler.start();
    await server.finished;
    return received === null ? 0 : exitCodeForStopSignal(received);
  } finally {
    for (const remove of removers) remove();
    await sampler.close();
  }
}
