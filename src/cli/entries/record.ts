/** `gputop record`'s registry entry (registry.ts). */
import type { Command } from "../command.ts";
import { RECORD_OPTIONS } from "../record/record_options.ts";
import { DEVICE_SOURCE_OPTIONS } from "../shared_options.ts";

export const RECORD_COMMAND: Command = {
  name: "record",
  formats: [],
  summary: "a reading every --interval as JSON lines into FILE (gzip for .gz), for top --replay",
  uses: DEVICE_SOURCE_OPTIONS,
  options: RECORD_OPTIONS,
  positionals: [{ name: "FILE", required: true, help: "the recording; .gz compresses it" }],
  run: (inv, io) => import("../commands/record.ts").then((m) => m.run(inv, io)),
};
