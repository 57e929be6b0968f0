/** `gputop query`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { QUERY_OPTIONS } from "../query/query_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";

export const QUERY_COMMAND: Command = {
  name: "query",
  formats: [],
  summary: "nvidia-smi's --query-gpu / --query-compute-apps CSV, for every vendor",
  uses: ["no-color", ...DEVICE_SOURCE_OPTIONS, "sample-window"],
  options: QUERY_OPTIONS,
  parsesOwnArguments: true,
  run: (inv, io) => import("../commands/query.ts").then((m) => m.run(inv, io)),
};
