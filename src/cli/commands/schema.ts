/** `gputop schema`: the JSON Schema of `--json`. */
import { snapshotJsonSchema } from "../../model/json_schema.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import type { Invocation } from "../command.ts";
import type { Io } from "../../platform/io.ts";

export function run(_: Invocation, io: Io): Promise<number> {
  io.out(JSON.stringify(snapshotJsonSchema(), null, 2) + "\n");
  return Promise.resolve(EXIT_OK);
}
