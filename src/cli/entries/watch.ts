/** `gputop watch`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { PROCESS_FILTER_OPTIONS } from "../process_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";
import { WATCH_OPTIONS } from "../watch/watch_options.ts";

export const WATCH_COMMAND: Command = {
  name: "watch",
  formats: ["json", "csv"],
  summary: "a reading every --interval: JSON lines (default) or CSV rows (--csv)",
  uses: ["no-header", ...DEVICE_SOURCE_OPTIONS],
  options: { ...WATCH_OPTIONS, ...PROCESS_FILTER_OPTIONS },
  run: (inv, io) => import("../commands/watch.ts").then((m) => m.run(inv, io)),
};
