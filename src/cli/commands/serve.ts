/** `gputop serve`: the Prometheus / OpenMetrics exporter (logic in src/serve/). */
import {
  DEFAULT_LISTEN_HOST,
  DEFAULT_LISTEN_PORT,
  parseListenAddress,
} from "../../serve/listen_address.ts";
import { serve } from "../../serve/serve.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Io } from "../io.ts";
import type { ParsedCommandLine } from "../parse_options.ts";

export function serveCommand({ options }: ParsedCommandLine, io: Io): Promise<number> {
  const listen = options.listen === undefined
    ? { hostname: DEFAULT_LISTEN_HOST, port: DEFAULT_LISTEN_PORT }
    : parseListenAddress(options.listen);
  const session = createSession({
    backends: options.backends,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
  });
  return serve(session, {
    listen,
    intervalMs: options.intervalMs,
    processMetrics: options.processMetrics,
    maxProcessSeries: options.maxProcessSeries,
    version: VERSION,
  }, io);
}
