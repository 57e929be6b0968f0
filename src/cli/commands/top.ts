/** `gputop top`: the live full-screen view (logic in src/live/top.ts). */
import { runTop } from "../../live/top.ts";
import { filteredSource } from "../../session/filtered_source.ts";
import { processFilteredSource } from "../../session/process_filtered_source.ts";
import { processFilterOf } from "../process_options.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import type { Io } from "../../platform/io.ts";
import { continuousDeadlines, continuousOptions } from "../live_options.ts";

export function run({ options, values }: Invocation, io: Io): Promise<number> {
  const continuous = continuousOptions(values);
  const interval = continuous.intervalMs;
  const session = createSession({
    backends: options.backends,
    root: options.root,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
    ...continuousDeadlines(interval),
  }, continuous);
  return runTop(
    filteredSource(processFilteredSource(session, processFilterOf(values)), options.ids),
    {
      intervalMs: interval,
      color: options.color,
      version: VERSION,
    },
    io,
  );
}
