/** `gputop check`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { CHECK_OPTIONS } from "../check/options.ts";
import { HOSTS_OPTIONS } from "../hosts_options.ts";
import { ONE_SHOT_READING } from "./one_shot_reading.ts";

export const CHECK_COMMAND: Command = {
  name: "check",
  formats: ["table", "json"],
  summary: "assertions for CI jobs (free memory, temperature, driver, ...); exit 0/1/3",
  uses: ONE_SHOT_READING,
  options: { ...CHECK_OPTIONS, ...HOSTS_OPTIONS },
  run: (inv, io) => import("../commands/check.ts").then((m) => m.run(inv, io)),
};
