/** `gputop top`: the live full-screen view (logic in src/live/top.ts). */
import { runTop } from "../../live/top.ts";
import { createSession } from "../../session/read_snapshot.ts";
import { VERSION } from "../../version.ts";
import type { Io } from "../io.ts";
import type { ParsedCommandLine } from "../parse_options.ts";

export function topCommand({ options }: ParsedCommandLine, io: Io): Promise<number> {
  const session = createSession({
    backends: options.backends,
    procRoot: options.procRoot,
    sysRoot: options.sysRoot,
    lazyInit: options.lazyInit,
  });
  return runTop(
    session,
    { intervalMs: options.intervalMs, color: options.color, version: VERSION },
    io,
  );
}
