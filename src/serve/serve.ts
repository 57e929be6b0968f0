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
import { connectionCapFor, ConnectionLimit } from "./connection_limit.ts";
import { HttpServer } from "./http_server.ts";
import { readOpenFileLimit } from "./open_file_limit.ts";
import type { ListenAddress } from "./listen_address.ts";

export interface ServeOptions {
  listen: ListenAddress;
  intervalMs: number;
  processMetrics: boolean;
  maxProcessSeries: number;
  version: string;
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
  });
  try {
    const openFileLimit = readOpenFileLimit();
    const limit = new ConnectionLimit(
      connectionCapFor(openFileLimit),
      openFileLimit,
      (line) => io.err(line),
    );
    let server: HttpServer;
    try {
      server = new HttpServer({
        hostname: options.listen.hostname,
        port: options.listen.port,
        handler,
        limit,
        signal: stop.signal,
      });
    } catch (error) {
      const where = `${options.listen.hostname}:${options.listen.port}`;
      io.err(`gputop: cannot listen on ${where}: ${errorMessage(error)}\n`);
      return 1;
    }
    const { hostname, port } = server.addr;
    const host = hostname.includes(":") ? `[${hostname}]` : hostname;
    io.err(`gputop: serving http://${host}:${port}/metrics\n`);
    sampler.start();
    await server.finished;
    return received === null ? 0 : exitCodeForStopSignal(received);
  } finally {
    for (const remove of removers) remove();
    await sampler.close();
  }
}
