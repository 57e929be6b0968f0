/** `gputop top`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { INTERVAL_OPTION, RESCAN_INTERVAL_OPTION } from "../live_options.ts";
import { PROCESS_FILTER_OPTIONS } from "../process_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";
import { HOSTS_OPTIONS } from "../hosts_options.ts";

export const TOP_COMMAND: Command = {
  name: "top",
  formats: ["table"],
  summary: "live full-screen view of devices and processes (a terminal only)",
  uses: ["no-color", ...DEVICE_SOURCE_OPTIONS],
  options: {
    interval: INTERVAL_OPTION,
    "rescan-interval": RESCAN_INTERVAL_OPTION,
    ...PROCESS_FILTER_OPTIONS,
    replay: {
      type: "string",
      value: "FILE",
      help: "play a recording of 'gputop record' instead of reading the GPUs\n" +
        "(space pauses, ← → step, + - speed)",
    },
    "read-only": {
      type: "boolean",
      help: "K sends no signals (for shared servers: a view that cannot kill)",
    },
    ...HOSTS_OPTIONS,
  },
  run: (inv, io) => import("../commands/top.ts").then((m) => m.run(inv, io)),
};
