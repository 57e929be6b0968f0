/** `gputop ps`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { COLUMNS_OPTION, PROCESS_FILTER_OPTIONS } from "../process_options.ts";
import { HOSTS_OPTIONS } from "../hosts_options.ts";
import { ONE_SHOT_READING, wideOption } from "./one_shot_reading.ts";

export const PS_COMMAND: Command = {
  name: "ps",
  summary: "per-process GPU memory, largest first",
  uses: ONE_SHOT_READING,
  options: {
    wide: wideOption("cut to fit the terminal,\nor at 4096 columns when stdout is not one"),
    ...PROCESS_FILTER_OPTIONS,
    columns: COLUMNS_OPTION,
    ...HOSTS_OPTIONS,
  },
  run: (inv, io) => import("../commands/ps.ts").then((m) => m.run(inv, io)),
};
