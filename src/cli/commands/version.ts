/** `gputop version` / `--version`. */
import { VERSION } from "../../version.ts";
import type { Invocation } from "../command.ts";
import { EXIT_OK } from "../../platform/exit_codes.ts";
import type { Io } from "../../platform/io.ts";

export function run(_: Invocation, io: Io): Promise<number> {
  io.out(`gputop ${VERSION}\n`);
  return Promise.resolve(EXIT_OK);
}
