/** `gputop fit`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { HOSTS_OPTIONS } from "../hosts_options.ts";
import { ONE_SHOT_READING } from "./one_shot_reading.ts";

export const FIT_COMMAND: Command = {
  name: "fit",
  formats: ["table", "json"],
  summary: "devices with at least SIZE free, most free first; exit 0/1/3",
  uses: ONE_SHOT_READING,
  options: HOSTS_OPTIONS,
  positionals: [{ name: "SIZE", required: true, help: "e.g. 24GiB, 500MB, 1.5TB or bytes" }],
  run: (inv, io) => import("../commands/fit.ts").then((m) => m.run(inv, io)),
};
