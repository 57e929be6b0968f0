/** `gputop top`: the live full-screen view (logic in src/live/top.ts). */
import { runTop } from "../../live/top.ts";
import { localeIsUtf8 } from "../../live/locale.ts";
import { filteredSource } from "../../session/filtered_source.ts";
import { processFilteredSource } from "../../session/process_filtered_source.ts";
import { processFilterOf } from "../process_options.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import type { Io } from "../../platform/io.ts";
import { sessionOptionsOf } from "../session_options.ts";
import { continuousDeadlines, continuousOptions } from "../live_options.ts";

export function run({ options, values }: Invocation, io: Io): Promise<number> {
  const continuous = continuousOptions(values);
  const interval = continuous.intervalMs;
  const session = createSession({
    ...sessionOptionsOf(options, io.env),
    ...continuousDeadlines(interval),
  }, continuous);
  return runTop(
    filteredSource(processFilteredSource(session, processFilterOf(values)), options.ids),
    {
      intervalMs: interval,
      color: options.color,
      version: VERSION,
      unicode: localeIsUtf8((name) => io.env(name)),
    },
    io,
  );
}
