/**
 * `gputop snapshot`, the default command. Parsing always reads this entry (options that may come
 * before the command are the default command's), so it is the one entry loaded statically.
 */
import type { Command } from "../command.ts";
import { COLUMNS_OPTION, PROCESS_FILTER_OPTIONS } from "../process_options.ts";
import { HOSTS_OPTIONS } from "../hosts_options.ts";
import { ONE_SHOT_READING, wideOption } from "./one_shot_reading.ts";

/** The command run when none is named. */
export const DEFAULT_COMMAND = "snapshot";

export const SNAPSHOT_COMMAND: Command = {
  name: "snapshot",
  summary: "one reading: devices, then processes (default)",
  uses: ONE_SHOT_READING,
  options: {
    wide: wideOption("cut at 60 columns\nand to fit the terminal"),
    ...PROCESS_FILTER_OPTIONS,
    columns: COLUMNS_OPTION,
    ...HOSTS_OPTIONS,
  },
  run: (inv, io) => import("../commands/snapshot.ts").then((m) => m.run(inv, io)),
};
