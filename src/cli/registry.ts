/**
 * The one list of gputop's commands. Parsing, `gputop help` and dispatch all read it.
 *
 * To add a command: write `src/cli/commands/NAME.ts` exporting
 * `run(invocation: Invocation, io: Io): Promise<number>`, and add ONE entry below with its
 * name, summary, output formats, the shared options it reads (`uses`, from shared_options.ts),
 * its own options and, if it takes any, its positional arguments. It accepts those and
 * `--help`, nothing else; its help lists exactly those. Its `run` imports the module dynamically so that
 * start-up loads only the command that runs (a literal `import("./commands/NAME.ts")` keeps
 * it visible to `deno compile` and `deno bundle`). Keep entries in the order `help` lists them.
 */
import { CHECK_OPTIONS } from "./check/options.ts";
import type { Command } from "./command.ts";
import { INTERVAL_OPTION, RESCAN_INTERVAL_OPTION } from "./live_options.ts";
import type { OptionSpec } from "./option_spec.ts";
import { COLUMNS_OPTION, PROCESS_FILTER_OPTIONS } from "./process_options.ts";
import { QUERY_OPTIONS } from "./query/query_options.ts";
import { RECORD_OPTIONS } from "./record/record_options.ts";
import { SERVE_EXPOSURE_OPTIONS } from "./serve_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "./shared_options.ts";
import { HOSTS_OPTIONS } from "./hosts_options.ts";
import { WATCH_OPTIONS } from "./watch/watch_options.ts";

/** What the one-shot readings (snapshot, ps, check, fit) read. */
const ONE_SHOT_READING = [
  "no-header",
  "no-color",
  ...DEVICE_SOURCE_OPTIONS,
  "sample-window",
] as const;

/** `--wide`, as `ps -ww`: command lines whole. How they are cut without it differs. */
function wideOption(cutBy: string): OptionSpec {
  return { type: "boolean", short: "w", help: `show command lines whole (without it, ${cutBy})` };
}

export const COMMANDS: readonly Command[] = [
  {
    name: "snapshot",
    summary: "one reading: devices, then processes (default)",
    uses: ONE_SHOT_READING,
    options: {
      wide: wideOption("cut at 60 columns\nand to fit the terminal"),
      ...PROCESS_FILTER_OPTIONS,
      columns: COLUMNS_OPTION,
      ...HOSTS_OPTIONS,
    },
    run: (inv, io) => import("./commands/snapshot.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "ps",
    summary: "per-process GPU memory, largest first",
    uses: ONE_SHOT_READING,
    options: {
      wide: wideOption("cut to fit the terminal,\nor at 4096 columns when stdout is not one"),
      ...PROCESS_FILTER_OPTIONS,
      columns: COLUMNS_OPTION,
      ...HOSTS_OPTIONS,
    },
    run: (inv, io) => import("./commands/ps.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "watch",
    formats: ["json", "csv"],
    summary: "a reading every --interval: JSON lines (default) or CSV rows (--csv)",
    uses: ["no-header", ...DEVICE_SOURCE_OPTIONS],
    options: { ...WATCH_OPTIONS, ...PROCESS_FILTER_OPTIONS },
    run: (inv, io) => import("./commands/watch.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "query",
    formats: [],
    summary: "nvidia-smi's --query-gpu / --query-compute-apps CSV, for every vendor",
    uses: ["no-color", ...DEVICE_SOURCE_OPTIONS, "sample-window"],
    options: QUERY_OPTIONS,
    parsesOwnArguments: true,
    run: (inv, io) => import("./commands/query.ts").then((m) => m.run(inv, io)),
  },
  {
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
    run: (inv, io) => import("./commands/top.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "record",
    formats: [],
    summary: "a reading every --interval as JSON lines into FILE (gzip for .gz), for top --replay",
    uses: DEVICE_SOURCE_OPTIONS,
    options: RECORD_OPTIONS,
    positionals: [{ name: "FILE", required: true, help: "the recording; .gz compresses it" }],
    run: (inv, io) => import("./commands/record.ts").then((m) => m.run(inv, io)),
  },
  {
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
    run: (inv, io) => import("./commands/serve.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "backends",
    summary: "each backend: ok / unavailable / error / skipped, and why",
    uses: ["no-header", "no-color", "backends", "proc-root", "sys-root", "lazy-init"],
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
    uses: ONE_SHOT_READING,
    options: { ...CHECK_OPTIONS, ...HOSTS_OPTIONS },
    run: (inv, io) => import("./commands/check.ts").then((m) => m.run(inv, io)),
  },
  {
    name: "fit",
    formats: ["table", "json"],
    summary: "devices with at least SIZE free, most free first; exit 0/1/3",
    uses: ONE_SHOT_READING,
    options: HOSTS_OPTIONS,
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

/** The command run when none is named. */
export const DEFAULT_COMMAND = "snapshot";

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
