/** `gputop serve`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { INTERVAL_OPTION, RESCAN_INTERVAL_OPTION } from "../live_options.ts";
import { PROCESS_FILTER_OPTIONS } from "../process_options.ts";
import { SERVE_EXPOSURE_OPTIONS } from "../serve_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";

export const SERVE_COMMAND: Command = {
  name: "serve",
  formats: [],
  summary: "Prometheus / OpenMetrics exporter on --listen (default 127.0.0.1:9757)",
  uses: DEVICE_SOURCE_OPTIONS,
  options: {
    listen: {
      type: "string",
      value: "HOST:PORT",
      help: "address to serve on (default 127.0.0.1:9757; another host is explicit);\n" +
        ":PORT and PORT mean 127.0.0.1:PORT, not every interface\n" +
        "(for that say 0.0.0.0:PORT or [::]:PORT)",
    },
    interval: INTERVAL_OPTION,
    "rescan-interval": RESCAN_INTERVAL_OPTION,
    "no-process-metrics": {
      type: "boolean",
      help: "export no per-process series",
    },
    "max-process-series": {
      type: "string",
      value: "N",
      help: "at most N process series, largest GPU memory first (default 200)",
    },
    replay: {
      type: "string",
      value: "FILE",
      help: "export a recording of 'gputop record' instead of reading the GPUs:\n" +
        "each reading in turn at the recorded pace, looping (dashboards, demos)",
    },
    ...SERVE_EXPOSURE_OPTIONS,
    ...PROCESS_FILTER_OPTIONS,
  },
  run: (inv, io) => import("../commands/serve.ts").then((m) => m.run(inv, io)),
};
