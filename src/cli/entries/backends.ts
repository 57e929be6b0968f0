/** `gputop backends`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";

export const BACKENDS_COMMAND: Command = {
  name: "backends",
  summary: "each backend: ok / unavailable / error / skipped, and why",
  uses: ["no-header", "no-color", "backends", "proc-root", "sys-root", "lazy-init"],
  options: {},
  run: (inv, io) => import("../commands/backends.ts").then((m) => m.run(inv, io)),
};
