/** `gputop version`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";

export const VERSION_COMMAND: Command = {
  name: "version",
  formats: [],
  summary: "print the version",
  options: {},
  run: (inv, io) => import("../commands/version.ts").then((m) => m.run(inv, io)),
};
