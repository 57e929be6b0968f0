/**
 * `gputop serve`: one sampler at `--interval` and an HTTP server that renders its latest
 * reading for every scrape. SIGTERM, SIGINT or SIGHUP stops the server gracefully (requests
 * in flight finish), then the sampler closes the session, so vendor libraries shut down, and
 * the exit code is 143, 130 or 129 (128 + the signal's number).
 */
import type { Io } from "../platform/io.ts";
import { Sampler, type SnapshotSource } from "../session/sampler.ts";
import { errorMessage } from "../model/errors.ts";
import {
  exitCodeForStopSignal,
  STOP_SIGNALS,
  type StopSignal,
} from "../platform/signal_exit_code.ts";
import { createHandler } from "./handler.ts";
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
    let server: Deno.HttpServer<Deno.NetAddr>;
    try {
      server = Deno.serve({
        hostname: options.listen.hostname,
        port: options.listen.port,
        signal: stop.signal,
        onListen: ({ hostname, port }) => {
          const host = hostname.includes(":") ? `[${hostname}]` : hostname;
          io.err(`gputop: serving http://${host}:${port}/metrics\n`);
        },
        onError: (error) =>
          new Response(`internal error: ${errorMessage(error)}\n`, { status: 500 }),
      }, handler);
    } catch (error) {
      const where = `${options.listen.hostname}:${options.listen.port}`;
      io.err(`gputop: cannot listen on ${where}: ${errorMessage(error)}\n`);
      return 1;
    }
    sampler.start();
    await server.finished;
    return received === null ? 0 : exitCodeForStopSignal(received);
  } finally {
    for (const remove of removers) remove();
    await sampler.close();
  }
}
