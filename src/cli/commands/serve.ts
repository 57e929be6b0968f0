/** `gputop serve`: the Prometheus / OpenMetrics exporter (logic in src/serve/). */
import {
  DEFAULT_LISTEN_HOST,
  DEFAULT_LISTEN_PORT,
  parseListenAddress,
} from "../../serve/listen_address.ts";
import { serve } from "../../serve/serve.ts";
import { serveReplay } from "../serve_replay.ts";
import { readTokenFile } from "../../serve/bearer_token.ts";
import { readTlsFiles } from "../../serve/tls_files.ts";
import { filteredSource } from "../../session/filtered_source.ts";
import { processFilteredSource } from "../../session/process_filtered_source.ts";
import { processFilterOf } from "../process_options.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import { stringValue } from "../cli_options.ts";
import type { Io } from "../../platform/io.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { continuousDeadlines, continuousOptions, countOption } from "../live_options.ts";

export const DEFAULT_MAX_PROCESS_SERIES = 200;

export function run({ options, values }: Invocation, io: Io): Promise<number> {
  const listenText = stringValue(values.listen);
  const listen = listenText === undefined
    ? { hostname: DEFAULT_LISTEN_HOST, port: DEFAULT_LISTEN_PORT }
    : parseListenAddress(listenText);
  const tokenFile = stringValue(values["token-file"]);
  const continuous = continuousOptions(values);
  const interval = continuous.intervalMs;
  const serveOptions = {
    listen,
    intervalMs: interval,
    processMetrics: values["no-process-metrics"] !== true,
    maxProcessSeries: countOption(
      "--max-process-series",
      values["max-process-series"],
      DEFAULT_MAX_PROCESS_SERIES,
    ),
    version: VERSION,
    token: tokenFile === undefined ? null : readTokenFile(tokenFile),
    exposeCommands: values["expose-commands"] === true,
    tls: readTlsFiles(stringValue(values["tls-cert"]), stringValue(values["tls-key"])),
  };
  const replay = stringValue(values.replay);
  if (replay !== undefined) {
    const filters = { ids: options.ids, processes: processFilterOf(values) };
    return serveReplay(replay, serveOptions, filters, io);
  }
  const session = createSession({
    ...sessionOptionsOf(options, io.env),
    ...continuousDeadlines(interval),
  }, continuous);
  return serve(
    filteredSource(processFilteredSource(session, processFilterOf(values)), options.ids),
    serveOptions,
    io,
  );
}
