/**
 * The one list of gputop's commands. Parsing, `gputop help` and dispatch all read it.
 *
 * To add a command: write `src/cli/commands/NAME.ts` exporting
 * `run(invocation: Invocation, io: Io): Promise<number>`, and add ONE entry below with its
 * name, summary, its own options (global options are merged in; do not repeat them) and,
 * if it takes any, its positional arguments. Its `run` imports the module dynamically so that
 * start-up loads only the command that runs (a literal `import("./commands/NAME.ts")` keeps
 * it visible to `deno compile` and `deno bundle`). Keep entries in the order `help` lists them.
 */
import { CHECK_OPTIONS } from "./check/options.ts";
import type { Command } from "./command.ts";
import { INTERVAL_OPTION, RESCAN_INTERVAL_OPTION } from "./live_options.ts";
import { COLUMNS_OPTION, PROCESS_FILTER_OPTIONS } from "./process_options.ts";
import { WATCH_OPTIONS } from "./watch/watch_options.ts";

export const COMMANDS: readonly Command[] = [
  {
    name: "snapshot",
    summary: "one reading: devices, then processes (default)",
    options: { ...PROCESS_FILTER_OPTIONS, columns: COLUMNS_OPTION },
    run: (inv, io) => import("./commands/snapshot.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "ps",
    summary: "per-process GPU memory, largest first",
    options: { ...PROCESS_FILTER_OPTIONS, columns: COLUMNS_OPTION },
    run: (inv, io) => import("./commands/ps.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "watch",
    formats: ["json", "csv"],
    summary: "a reading every --interval: JSON lines (default) or CSV rows (--csv)",
    options: { ...WATCH_OPTIONS, ...PROCESS_FILTER_OPTIONS },
    run: (inv, io) => import("./commands/watch.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "top",
    formats: ["table"],
    summary: "live full-screen view of devices and processes (a terminal only)",
    options: {
      interval: INTERVAL_OPTION,
      "rescan-interval": RESCAN_INTERVAL_OPTION,
      ...PROCESS_FILTER_OPTIONS,
    },
    run: (inv, io) => import("./commands/top.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "serve",
    formats: [],
    summary: "Prometheus / OpenMetrics exporter on --listen (default 127.0.0.1:9757)",
    options: {
      listen: {
        type: "string",
        value: "HOST:PORT",
        help: "address to serve on (default 127.0.0.1:9757; another host is explicit)",
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
      ...PROCESS_FILTER_OPTIONS,
    },
    run: (inv, io) => import("./commands/serve.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "backends",
    summary: "each backend: ok / unavailable / error / skipped, and why",
    options: {},
    run: (inv, io) => import("./commands/backends.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "schema",
    formats: ["json"],
    summary: "JSON Schema of the --json output",
    options: {},
    run: (inv, io) => import("./commands/schema.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "check",
    formats: ["table", "json"],
    summary: "assertions for CI jobs (free memory, temperature, driver, ...); exit 0/1/3",
    options: CHECK_OPTIONS,
    run: (inv, io) => import("./commands/check.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "fit",
    formats: ["table", "json"],
    summary: "devices with at least SIZE free, most free first; exit 0/1/3",
    options: {},
    positionals: [{ name: "SIZE", required: true, help: "e.g. 24GiB, 500MB, 1.5TB or bytes" }],
    run: (inv, io) => import("./commands/fit.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "help",
    formats: [],
    summary: "this list, or `help COMMAND` for a command's options",
    options: {},
    positionals: [{ name: "COMMAND", required: false, help: "the command to describe" }],
    run: (inv, io) => import("./commands/help.ts").then((m) => m.run(inv, io, COMMANDS)),
  },
  {
    name: "version",
    formats: [],
    summary: "print the version",
    options: {},
    run: (inv, io) => import("./commands/version.ts").then((m) => m.run(inv, io)),
  },
];

/** What a command prints when its entry names no formats. */
export const DEFAULT_FORMATS = ["table", "json", "csv"] as const;

/** The command run when none is named. */
export const DEFAULT_COMMAND = "snapshot";

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
