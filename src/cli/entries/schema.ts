/** `gputop schema`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";

export const SCHEMA_COMMAND: Command = {
  name: "schema",
  formats: ["json"],
  summary: "JSON Schema of the --json output",
  options: {},
  run: (inv, io) => import("../commands/schema.ts").then((m) => m.run(inv, io)),
};
